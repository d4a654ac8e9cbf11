import type { ReactNode } from 'react';

interface PageHeadingProps {
  children: ReactNode;
  /** A short line under the heading. */
  lead?: ReactNode;
}

export function PageHeading({ children, lead }: PageHeadingProps) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold tracking-tight text-base-content sm:text-4xl">
        {children}
      </h1>
      {lead ? <p className="mt-2 max-w-2xl text-base-content/75">{lead}</p> : null}
    </header>
  );
}
