import { shipmentCancellableStatuses, shipmentMessages } from '@voltforge/contract/back-order';
import type { Order, Shipment } from '@voltforge/contract/order';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/page/toast';
import { useCancelShipment } from '../api/ship-order';

/**
 * Staff cancel a shipment before it left (docs/payments.md, "Back-orders"): asked first, since
 * the customer is told; its pieces are set aside to ship again.
 */
export function CancelShipment({ order, shipment }: { order: Order; shipment: Shipment }) {
  const cancel = useCancelShipment(order);
  const [asking, setAsking] = useState(false);
  if (!shipmentCancellableStatuses.includes(order.status)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={`Cancel shipment ${shipment.number}`}
        onClick={() => setAsking(true)}
      >
        Cancel shipment
      </button>
      <ConfirmDialog
        open={asking}
        message={`Cancel shipment ${shipment.number}?`}
        detail="Only if it has not left: its items are set aside to ship again, and the customer is told to disregard its tracking number."
        confirmLabel="Cancel shipment"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(shipment.number, {
            onSuccess: () => {
              setAsking(false);
              toast.success(shipmentMessages.cancelled(shipment.number));
            },
            onError: (error) => {
              setAsking(false);
              toast.error(error.message);
            },
          })
        }
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
