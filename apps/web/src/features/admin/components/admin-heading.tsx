import type { ReactNode } from 'react';

/** A back-office page's title: an h2 under the dashboard's "Welcome To Dashboard" h1. */
export function AdminHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-4">
      <h2 className="text-2xl font-bold">{children}</h2>
      {lead ? <p className="mt-1 text-base-content/75">{lead}</p> : null}
    </header>
  );
}
