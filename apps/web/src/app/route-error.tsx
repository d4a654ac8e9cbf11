import { useEffect } from 'react';
import { Link } from 'react-router';
import { pageHydrated } from '../lib/first-paint/hydration';
import { paths } from '../lib/paths';

function describe(error: unknown): { title: string; detail: string } {
  // Offline, or the page's code chunk is gone after a new release: a reload fixes both.
  if (error instanceof TypeError && /dynamically imported module|import/i.test(error.message)) {
    return {
      title: 'This page could not be loaded',
      detail:
        'Check your connection and reload the page. If the shop was just updated, reloading fetches the new version.',
    };
  }
  return {
    title: 'Something went wrong',
    detail: 'This part of the page could not be shown. Try again, or go back to the home page.',
  };
}

/** What a route error boundary shows: a friendly message instead of a blank screen. */
export function RouteError({ error }: { error: unknown }) {
  const { title, detail } = describe(error);
  // In place of a page that failed: its buttons work from now on, like a page's.
  useEffect(pageHydrated, []);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-12 w-12 text-secondary"
        fill="currentColor"
      >
        <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
      </svg>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-base-content/75">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to={paths.home} className="btn btn-ghost" reloadDocument>
          Go to home
        </Link>
      </div>
    </div>
  );
}
