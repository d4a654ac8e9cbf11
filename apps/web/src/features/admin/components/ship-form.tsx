import {
  shipmentMessages,
  shippableStatuses,
  shippingModeLabels,
} from '@voltforge/contract/back-order';
import { formatCount } from '@voltforge/contract/format-number';
import type { Order } from '@voltforge/contract/order';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/page/toast';
import { useShipOrder } from '../api/ship-order';

/** Whether staff can ship some of this order now (docs/payments.md, "Back-orders"). */
export function canShipNow(order: Order): boolean {
  const ready = order.lines.some((l) => l.allocated > 0);
  const owed = order.lines.some((l) => l.backordered > 0);
  return (
    shippableStatuses.includes(order.status) &&
    ready &&
    (order.shippingMode === 'as_available' || !owed)
  );
}

/**
 * A shipment of an order: per line, how many of the pieces set aside go now (all of them to start
 * with; an order shipping complete ships everything at once), with the carrier and tracking
 * number. The server checks the same and says what is wrong.
 */
export function ShipForm({ order }: { order: Order }) {
  const ship = useShipOrder(order);
  const ready = order.lines.filter((l) => l.allocated > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(ready.map((l) => [l.lineNo, String(l.allocated)])),
  );
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const complete = order.shippingMode === 'complete';

  const send = () => {
    const lines = ready
      .map((l) => ({ lineNo: l.lineNo, quantity: Number(quantities[l.lineNo] ?? 0) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    if (lines.length === 0) {
      setRefusal(shipmentMessages.noLines);
      return;
    }
    setRefusal(null);
    ship.mutate(
      {
        lines,
        ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
        ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
      },
      {
        onSuccess: (shipped) =>
          toast.success(`Shipment ${shipped.shipments.length} sent: the customer is told.`),
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="ship-heading" className="flex flex-col gap-3">
      <h3 id="ship-heading" className="text-lg font-semibold">
        Ship
      </h3>
      <p className="text-sm text-base-content/80">
        {shippingModeLabels[order.shippingMode]}
        {complete ? ': everything goes in this one shipment.' : ': ship what is ready now.'}
      </p>
      <ul className="flex flex-col gap-2">
        {ready.map((l) => (
          <li key={l.lineNo} className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              <span className="text-sm">
                <span className="font-mono">{l.partNumber}</span> ({formatCount(l.allocated)} ready)
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={l.allocated}
                step={1}
                className="input w-32"
                value={quantities[l.lineNo] ?? ''}
                readOnly={complete}
                onChange={(event) =>
                  setQuantities((q) => ({ ...q, [l.lineNo]: event.target.value }))
                }
              />
            </label>
          </li>
        ))}
      </ul>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Carrier"
          name="shipCarrier"
          maxLength={60}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <TextField
          label="Tracking number"
          name="shipTracking"
          maxLength={60}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
      {refusal ? (
        <p role="alert" className="font-medium text-error">
          {refusal}
        </p>
      ) : null}
      <div>
        <button type="button" className="btn btn-primary" disabled={ship.isPending} onClick={send}>
          Ship these pieces
        </button>
      </div>
    </section>
  );
}
