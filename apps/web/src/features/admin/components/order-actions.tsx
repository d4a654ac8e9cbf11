import { adminMessages, canMoveOrder, type AdminOrderStatus } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { toast } from '../../../lib/page/toast';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSetOrderStatus } from '../api/set-order-status';

const CONFIRM_CANCEL_PAID =
  'Cancel this paid order? Its stock goes back on the shelf and what is left of the payment is refunded to the card.';

/** What each action asks first, and says when done. */
function wording(order: Order, to: AdminOrderStatus) {
  if (to !== 'cancelled') return { confirm: null, done: adminMessages.statusChanged(to) };
  // An unpaid order is "deleted" in the admin's words; a paid one is cancelled (and refunded).
  return order.status === 'pending_payment'
    ? { confirm: adminMessages.confirmDelete, done: adminMessages.orderDeleted }
    : { confirm: CONFIRM_CANCEL_PAID, done: adminMessages.statusChanged('cancelled') };
}

/**
 * The actions an order's status allows (the server enforces the same transitions). With
 * `shipment`, marking it shipped can name the carrier and tracking number (the one-order page).
 */
export function OrderActions({ order, shipment = false }: { order: Order; shipment?: boolean }) {
  const move = useSetOrderStatus(order);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  // The step waiting for the admin's yes in the confirm dialog.
  const [asking, setAsking] = useState<AdminOrderStatus | null>(null);

  const send = (to: AdminOrderStatus) =>
    move.mutate(
      { to, shipment: { carrier, trackingNumber } },
      {
        onSuccess: () => toast.success(wording(order, to).done),
        onError: (error) => toast.error(error.message),
        onSettled: () => setAsking(null),
      },
    );

  const act = (to: AdminOrderStatus) => {
    if (wording(order, to).confirm) setAsking(to);
    else send(to);
  };

  const can = (to: AdminOrderStatus) => canMoveOrder(order.status, to);
  if (!can('shipped') && !can('delivered') && !can('cancelled')) {
    return <span className="text-sm text-base-content/75">—</span>;
  }
  const label = `order ${order.number} (${order.order})`;
  return (
    <div className="flex flex-col gap-3">
      {shipment && can('shipped') ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Carrier"
            name="carrier"
            hint="Optional. Told to the customer when you mark it shipped."
            maxLength={60}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
          />
          <TextField
            label="Tracking number"
            name="trackingNumber"
            hint="Optional."
            maxLength={60}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {can('shipped') ? (
          <button
            type="button"
            className="btn btn-sm"
            disabled={move.isPending}
            aria-label={`Shipped: ${label}`}
            onClick={() => act('shipped')}
          >
            Shipped
          </button>
        ) : null}
        {can('delivered') ? (
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={move.isPending}
            aria-label={`Delivered: ${label}`}
            onClick={() => act('delivered')}
          >
            Delivered
          </button>
        ) : null}
        {can('cancelled') ? (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            disabled={move.isPending}
            aria-label={`${order.status === 'pending_payment' ? 'Delete' : 'Cancel'}: ${label}`}
            onClick={() => act('cancelled')}
          >
            {order.status === 'pending_payment' ? 'Delete' : 'Cancel'}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        message={asking ? (wording(order, asking).confirm ?? '') : ''}
        detail={`Order ${order.number} (${order.order}).`}
        confirmLabel={order.status === 'pending_payment' ? 'Delete' : 'Cancel order'}
        busy={move.isPending}
        onConfirm={() => {
          if (asking) send(asking);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
