import type { Order } from '@voltforge/contract/order';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

interface OrderActionsProps {
  order: Order;
  onDelete: (order: Order) => void;
}

/**
 * Unpaid: pay or delete. Paid: "Paid" and the transaction id. Cancelled (before or after it was
 * paid): "Cancelled", nothing to do.
 */
export function OrderActions({ order, onDelete }: OrderActionsProps) {
  if (order.status === 'cancelled') {
    return (
      <div className="flex flex-col gap-1">
        <span className="font-semibold text-base-content/80">Cancelled</span>
        {order.transactionId ? (
          <span className="text-xs text-base-content/70">
            Transaction id: <code className="break-all">{order.transactionId}</code>
          </span>
        ) : null}
      </div>
    );
  }
  if (order.paid) {
    return (
      <div className="flex flex-col gap-1">
        <span className="font-semibold text-success">Paid</span>
        {order.transactionId ? (
          <span className="text-xs text-base-content/70">
            Transaction id: <code className="break-all">{order.transactionId}</code>
          </span>
        ) : null}
      </div>
    );
  }
  if (order.status !== 'pending_payment') return null;
  return (
    <div className="flex flex-nowrap gap-2">
      <Link to={paths.payment(order._id)} className="btn btn-sm btn-primary">
        Pay<span className="sr-only"> for {order.order}</span>
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        onClick={() => onDelete(order)}
      >
        Delete<span className="sr-only"> order for {order.order}</span>
      </button>
    </div>
  );
}
