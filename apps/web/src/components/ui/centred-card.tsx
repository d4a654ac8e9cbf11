import type { ReactNode } from 'react';

/** The centred card of the account pages and of the pages a mail link opens (the frame of Login and Register). */
export function CentredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
