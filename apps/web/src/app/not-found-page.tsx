import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { usePageMeta } from '../lib/page/use-page-meta';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you asked for does not exist on Voltforge.');
  return (
    <main className="relative h-dvh w-full overflow-hidden bg-[#0b1430]">
      <img
        src="/images/not-found.svg"
        alt="A broken circuit with a spark across the gap, above the number 404."
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-x-0 bottom-0 flex justify-center p-4 sm:p-6">
        {/* Frosted glass as a plain property: Tailwind's class for it would put its nine registered
            backdrop properties into every page's stylesheet for this one box. */}
        <div className="flex flex-col items-center gap-3 rounded-box bg-[#0b1430]/80 px-6 py-4 text-center text-white shadow-lg [backdrop-filter:blur(8px)] sm:flex-row sm:gap-6">
          <div>
            <h1 className="text-lg font-bold">Page not found</h1>
            <p className="text-sm text-white/80">The page you are looking for does not exist.</p>
          </div>
          <Link to={paths.home} className="btn btn-secondary">
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
