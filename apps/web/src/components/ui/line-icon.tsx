interface LineIconProps {
  /** The path on a 24-unit grid. */
  d: string;
  className?: string;
}

/** A decorative line icon: screen readers skip it, the button around it carries the name. */
export function LineIcon({ d, className = 'h-6 w-6' }: LineIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={d} />
    </svg>
  );
}
