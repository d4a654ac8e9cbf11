import { formatCount } from '@voltforge/contract/format-number';
import type { Order, Shipment } from '@voltforge/contract/order';
import type { ReactNode } from 'react';
import { useDateFormat } from '../../lib/first-paint/local-time';

/**
 * What of an order has left, one shipment per row (docs/payments.md, "Back-orders"): its number
 * and day, the carrier and tracking number, and the pieces of each line it carried; a shipment
 * staff cancelled before it left is marked so. `action` adds staff's control to a shipment.
 */
export function ShipmentsList({
  order,
  action,
}: {
  order: Pick<Order, 'shipments' | 'lines' | 'number'>;
  action?: (shipment: Shipment) => ReactNode;
}) {
  const day = useDateFormat({ dateStyle: 'medium' });
  if (order.shipments.length === 0) return null;
  const partOf = new Map(order.lines.map((l) => [l.lineNo, l.partNumber]));
  return (
    <ol aria-label={`Shipments of order ${order.number}`} className="flex flex-col gap-1 text-sm">
      {order.shipments.map((s) => (
        <li
          key={s.number}
          className="flex flex-wrap items-start justify-between gap-2 rounded-box border border-base-300 px-3 py-2"
        >
          <div className={s.cancelledAt ? 'text-base-content/75' : undefined}>
            <span className="font-medium">Shipment {s.number}</span>,{' '}
            {day.format(new Date(s.shippedAt))}
            {s.carrier || s.trackingNumber ? (
              <>
                {' · '}
                <span className={s.cancelledAt ? 'line-through' : undefined}>
                  {[s.carrier, s.trackingNumber].filter(Boolean).join(' ')}
                </span>
              </>
            ) : null}
            {s.cancelledAt ? (
              <span className="badge badge-ghost badge-sm ms-2">
                Cancelled {day.format(new Date(s.cancelledAt))}
              </span>
            ) : null}
            <div className="text-xs text-base-content/80">
              {s.lines
                .map(
                  (l) =>
                    `${partOf.get(l.lineNo) ?? `Line ${l.lineNo}`} × ${formatCount(l.quantity)}`,
                )
                .join(', ')}
            </div>
          </div>
          {action && !s.cancelledAt ? action(s) : null}
        </li>
      ))}
    </ol>
  );
}
