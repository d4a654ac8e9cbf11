import { formatCount } from '@voltforge/contract/format-number';
import type { Order } from '@voltforge/contract/order';
import { useDateFormat } from '../../lib/first-paint/local-time';

/**
 * What of an order has left, one shipment per row (docs/payments.md, "Back-orders"): its number
 * and day, the carrier and tracking number, and the pieces of each line it carried.
 */
export function ShipmentsList({ order }: { order: Pick<Order, 'shipments' | 'lines' | 'number'> }) {
  const day = useDateFormat({ dateStyle: 'medium' });
  if (order.shipments.length === 0) return null;
  const partOf = new Map(order.lines.map((l) => [l.lineNo, l.partNumber]));
  return (
    <ol aria-label={`Shipments of order ${order.number}`} className="flex flex-col gap-1 text-sm">
      {order.shipments.map((s) => (
        <li key={s.number} className="rounded-box border border-base-300 px-3 py-2">
          <span className="font-medium">Shipment {s.number}</span>,{' '}
          {day.format(new Date(s.shippedAt))}
          {s.carrier || s.trackingNumber ? (
            <span> · {[s.carrier, s.trackingNumber].filter(Boolean).join(' ')}</span>
          ) : null}
          <div className="text-xs text-base-content/80">
            {s.lines
              .map(
                (l) => `${partOf.get(l.lineNo) ?? `Line ${l.lineNo}`} × ${formatCount(l.quantity)}`,
              )
              .join(', ')}
          </div>
        </li>
      ))}
    </ol>
  );
}
