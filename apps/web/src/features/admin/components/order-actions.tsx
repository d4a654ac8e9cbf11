import { adminMessages, canMoveOrder, type AdminOrderStatus } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { toast } from '../../../lib/page/toast';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSetOrderStatus } from '../api/set-order-status';

const CONFIRM_CANCEL_PAID =
  'Cancel this paid order? Its stock goes back on the shelf and what is left of the payment is refunded to the card.';

/**
 * What each step asks first, and says when done. Every step is confirmed: none can be taken back
 * (the customer is mailed at each one).
 */
function wording(order: Order, to: AdminOrderStatus) {
  const done = adminMessages.statusChanged(to);
  switch (to) {
    case 'shipped':
      return {
        confirm: 'Mark this order shipped? The customer is mailed the carrier and tracking number.',
        confirmLabel: 'Mark shipped',
        tone: 'primary' as const,
        done,
      };
    case 'delivered':
      return {
        confirm: 'Mark this order delivered? This cannot be undone.',
        confirmLabel: 'Mark delivered',
        tone: 'primary' as const,
        done,
      };
    case 'cancelled':
      // An unpaid order is "deleted" in the admin's words; a paid one is cancelled (and refunded).
      return order.status === 'pending_payment'
        ? {
            confirm: adminMessages.confirmDelete,
            confirmLabel: 'Delete',
            tone: 'danger' as const,
            done: adminMessages.orderDeleted,
          }
        : {
            confirm: CONFIRM_CANCEL_PAID,
            confirmLabel: 'Cancel order',
            tone: 'danger' as const,
            done,
          };
  }
}

/**
 * The steps an order's status allows, one at a time (the server enforces the same transitions),
 * each confirmed in a dialog; the one that ships it asks for the carrier and tracking number.
 */
export function OrderActions({ order }: { order: Order }) {
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

  const can = (to: AdminOrderStatus) => canMoveOrder(order.status, to);
  if (!can('shipped') && !can('delivered') && !can('cancelled')) {
    return <span className="text-sm text-base-content/75">—</span>;
  }
  const label = `order ${order.number} (${order.order})`;
  const asked = asking ? wording(order, asking) : null;
  return (
    <div className="flex flex-wrap gap-2">
      {can('shipped') ? (
        <button
          type="button"
          className="btn btn-sm"
          disabled={move.isPending}
          aria-label={`Shipped: ${label}`}
          onClick={() => setAsking('shipped')}
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
          onClick={() => setAsking('delivered')}
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
          onClick={() => setAsking('cancelled')}
        >
          {order.status === 'pending_payment' ? 'Delete' : 'Cancel'}
        </button>
      ) : null}
      <ConfirmDialog
        open={asked !== null}
        message={asked?.confirm ?? ''}
        detail={`Order ${order.number} (${order.order}).`}
        confirmLabel={asked?.confirmLabel ?? ''}
        tone={asked?.tone ?? 'danger'}
        busy={move.isPending}
        onConfirm={() => {
          if (asking) send(asking);
        }}
        onCancel={() => setAsking(null)}
      >
        {asking === 'shipped' ? (
          <>
            <TextField
              label="Carrier"
              name="carrier"
              hint="Told to the customer; for goods collected in person, “Collected”."
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
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
