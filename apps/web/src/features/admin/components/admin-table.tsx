import type { ComponentProps, ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager';
import { STACKED_TABLE } from '../../../components/ui/stacked-table';

interface AdminTableProps {
  children: ReactNode;
  label: string;
  /** Previous / next under the table, for a list the server sends a page at a time. */
  pagination?: ComponentProps<typeof Pager>;
}

/** A back-office table: a plain table from `sm` up, stacked cards on a phone (no sideways scroll). */
export function AdminTable({ children, label, pagination }: AdminTableProps) {
  return (
    <>
      {/* Focusable, so a keyboard can scroll it when a wide table overflows. */}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      >
        <table className={`table [&_thead]:text-base-content/85 ${STACKED_TABLE}`}>
          {children}
        </table>
      </div>
      {pagination ? <Pager {...pagination} /> : null}
    </>
  );
}
