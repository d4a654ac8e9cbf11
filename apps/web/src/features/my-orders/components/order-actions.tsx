import type { Order } from '@voltforge/contract/order';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

interface OrderActionsProps {
  order: Order;
  onDelete: (order: Order) => void;
  /** Puts the order's lines in the cart again, or saves them as a project. */
  onAgain: (order: Order) => void;
  onSaveAsProject: (order: Order) => void;
}

/** A placed order's "Order again" and "Save as project". */
function Again({ order, onAgain, onSaveAsProject }: Omit<OrderActionsProps, 'onDelete'>) {
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className="btn btn-xs btn-outline" onClick={() => onAgain(order)}>
        Order again<span className="sr-only"> {order.order}</span>
      </button>
      <button type="button" className="btn btn-xs btn-ghost" onClick={() => onSaveAsProject(order)}>
        Save as project<span className="sr-only"> {order.order}</span>
      </button>
    </div>
  );
}

/**
 * Unpaid: pay or delete. Paid: "Paid" and the transaction id. Cancelled (before or after it was
 * paid): "Cancelled". A paid or cancelled order can be ordered again or saved as a project.
 */
export function OrderActions({ order, onDelete, onAgain, onSaveAsProject }: OrderActionsProps) {
  const again = <Again order={order} onAgain={onAgain} onSaveAsProject={onSaveAsProject} />;
  if (order.status === 'cancelled') {
    return (
      <div className="flex flex-col gap-1">
        <span className="font-semibold text-base-content/80">Cancelled</span>
        {order.transactionId ? (
          <span className="text-xs text-base-content/70">
            Transaction id: <code className="break-all">{order.transactionId}</code>
          </span>
        ) : null}
        {again}
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
        {again}
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
