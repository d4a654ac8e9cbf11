import { LineIcon } from './line-icon';

/** The small square × that closes a menu or panel. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-square btn-ghost btn-sm"
      aria-label={label}
      onClick={onClick}
    >
      <LineIcon d="M6 6l12 12M18 6 6 18" className="h-5 w-5" />
    </button>
  );
}
