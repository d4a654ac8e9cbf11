import type { Order } from '@voltforge/contract/order';
import { dateFormat } from '@voltforge/contract/format-date';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { Link } from 'react-router';
import { CreditNoteLinks } from '../../../components/order/credit-note-links';
import { InvoiceLink } from '../../../components/order/invoice-link';
import { paths } from '../../../lib/paths';

const day = dateFormat({ dateStyle: 'medium' }, 'UTC');

/** An order on account: its invoice, and when it falls due (or that it is paid). */
function onAccountNotice(number: string, dueAt: string, paidAt: string | null): string {
  return paidAt
    ? `Placed on account: invoice ${number} is paid.`
    : `Placed on account: invoice ${number} is due on ${day.format(new Date(dueAt))}.`;
}

/** An order that is already paid (or cancelled) shows that, and its invoice, instead of a card form. */
export function PaidNotice({ order }: { order: Order }) {
  if (order.status === 'cancelled') {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="font-medium">
          {paymentMessages.cancelled}
        </p>
        <CreditNoteLinks order={order} />
        <Link to={paths.myOrder} className="btn btn-outline self-start">
          Back to My Orders
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
        <p className="font-semibold text-success">
          {order.paymentMethod === 'account' && order.invoice?.dueAt
            ? onAccountNotice(order.invoice.number, order.invoice.dueAt, order.invoice.paidAt)
            : paymentMessages.paid}
        </p>
        {order.transactionId ? (
          <p className="mt-1 text-sm">
            Transaction id: <code className="break-all font-semibold">{order.transactionId}</code>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <InvoiceLink order={order} className="btn btn-primary" />
        <Link to={paths.myOrder} className="btn btn-outline">
          Back to My Orders
        </Link>
      </div>
      <CreditNoteLinks order={order} />
    </div>
  );
}
