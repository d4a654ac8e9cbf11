import type { ReactNode } from 'react';

interface ComingSoonProps {
  children?: ReactNode;
}

/** The notice a page shows until the issue that builds it lands. */
export function ComingSoon({ children }: ComingSoonProps) {
  return (
    <div role="note" className="alert alert-soft alert-info max-w-2xl">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" strokeLinejoin="round" />
      </svg>
      <span>
        <strong>Coming soon.</strong> {children ?? 'We are wiring this page up right now.'}
      </span>
    </div>
  );
}
