import { invoiceMessages } from '@voltforge/contract/invoice-rules';
import { dateFormat } from '@voltforge/contract/format-date';
import type { Order } from '@voltforge/contract/order';

const day = dateFormat({ dateStyle: 'medium' }, 'UTC');

/** GET /api/order/:id/invoice.pdf: the order's invoice, for its customer and for admins. */
export const invoicePdfPath = (orderId: string) =>
  `/api/order/${encodeURIComponent(orderId)}/invoice.pdf`;

interface InvoiceLinkProps {
  order: Pick<Order, '_id' | 'number' | 'invoice'>;
  className?: string;
}

/**
 * "Invoice (PDF)": downloads the invoice issued when the order was paid; nothing before. Its name
 * carries the order number for screen readers, as lists have one per order.
 */
export function InvoiceLink({ order, className = 'link link-primary' }: InvoiceLinkProps) {
  if (!order.invoice) return null;
  const { dueAt, paidAt } = order.invoice;
  const link = (
    <a
      href={invoicePdfPath(order._id)}
      download={`${order.invoice.number}.pdf`}
      className={className}
      data-testid="invoice-link"
      aria-label={`${invoiceMessages.download} for order ${order.number}`}
    >
      {invoiceMessages.download}
    </a>
  );
  // On account: when it falls due, until it is paid.
  if (!dueAt) return link;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1">
      {link}
      <span className="text-xs text-base-content/80" data-testid="invoice-due">
        {paidAt ? 'paid' : `due ${day.format(new Date(dueAt))}`}
      </span>
    </span>
  );
}
