import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';

interface AuthCardProps {
  title: string;
  /** While true a spinner replaces the form (as on Login and Register). */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

export function AuthCard({ title, busy, busyLabel, children }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {busy ? (
            <div className="flex justify-center py-16">
              <Spinner label={busyLabel} />
            </div>
          ) : (
            children
          )}
        </div>
      </div>
    </div>
  );
}
