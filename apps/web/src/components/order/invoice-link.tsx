import { invoiceMessages } from '@voltforge/contract/invoice-rules';
import type { Order } from '@voltforge/contract/order';

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
  return (
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
}
