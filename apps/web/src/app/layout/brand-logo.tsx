import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function BrandLogo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="flex items-center gap-2 rounded-field px-1 text-xl font-extrabold tracking-tight text-primary"
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8 shrink-0">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <path d="M36 6 14 36h15l-4 22 25-32H35l4-20z" className="fill-secondary" />
      </svg>
      Voltforge
    </Link>
  );
}
