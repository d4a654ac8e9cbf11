import type { ComponentProps, ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager';

/*
 * Below the `sm` breakpoint each row becomes a card: the header row is kept for screen readers
 * only, and every cell shows its column's name (its data-label) before its value, so a phone
 * needs no sideways scrolling.
 */
const STACKED = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:px-1 max-sm:[&_tbody_tr]:py-3',
  'max-sm:[&_tbody_tr]:border-b max-sm:[&_tbody_tr]:border-base-300',
  'max-sm:[&_tbody_:is(td,th)]:flex max-sm:[&_tbody_:is(td,th)]:items-center',
  'max-sm:[&_tbody_:is(td,th)]:gap-3 max-sm:[&_tbody_:is(td,th)]:py-1',
  'max-sm:[&_tbody_:is(td,th)]:border-0',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:w-24',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:shrink-0',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:text-xs',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:font-normal',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:text-base-content/75',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:content-[attr(data-label)]',
].join(' ');

interface AdminTableProps {
  children: ReactNode;
  label: string;
  /** Previous / next under the table, for a list the server sends a page at a time. */
  pagination?: ComponentProps<typeof Pager>;
}

/** A back-office table: a plain table from `sm` up, stacked cards on a phone. */
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
        <table className={`table [&_thead]:text-base-content/85 ${STACKED}`}>{children}</table>
      </div>
      {pagination ? <Pager {...pagination} /> : null}
    </>
  );
}
