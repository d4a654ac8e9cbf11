import type { Order } from '@voltforge/contract/order';

/** GET /api/order/:id/credit-notes/:number.pdf: one credit note, for the customer and admins. */
export const creditNotePdfPath = (orderId: string, number: string) =>
  `/api/order/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}.pdf`;

interface CreditNoteLinkProps {
  order: Pick<Order, '_id' | 'number'>;
  number: string;
  className?: string;
}

/**
 * "Credit note CN-2026-000001": downloads the credit note of one refund. Its name carries the
 * order number for screen readers, as lists have one per order.
 */
export function CreditNoteLink({
  order,
  number,
  className = 'link link-primary',
}: CreditNoteLinkProps) {
  return (
    <a
      href={creditNotePdfPath(order._id, number)}
      download={`${number}.pdf`}
      className={className}
      data-testid="credit-note-link"
      aria-label={`Credit note ${number} (PDF) for order ${order.number}`}
    >
      Credit note <span className="font-mono whitespace-nowrap">{number}</span>
    </a>
  );
}

interface CreditNoteLinksProps {
  order: Pick<Order, '_id' | 'number' | 'refunds'>;
  className?: string;
  linkClassName?: string;
}

/** The credit notes of an order's succeeded refunds, oldest first; nothing when there are none. */
export function CreditNoteLinks({ order, className = '', linkClassName }: CreditNoteLinksProps) {
  const numbers = order.refunds.flatMap((r) => (r.creditNote ? [r.creditNote.number] : []));
  if (numbers.length === 0) return null;
  return (
    <ul
      aria-label={`Credit notes of order ${order.number}`}
      className={`flex flex-col items-start gap-1 ${className}`}
    >
      {numbers.map((number) => (
        <li key={number}>
          <CreditNoteLink order={order} number={number} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}
