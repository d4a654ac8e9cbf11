import { ShipmentsList } from './shipments-list';
import type { Order } from '@voltforge/contract/order';

/** "Shipped with UPS · tracking 1Z999…": what the admin gave when marking it shipped. */
export function shipmentText(order: Pick<Order, 'carrier' | 'trackingNumber'>): string | null {
  if (!order.carrier && !order.trackingNumber) return null;
  return [
    order.carrier ? `Shipped with ${order.carrier}` : 'Shipped',
    order.trackingNumber ? `tracking ${order.trackingNumber}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ShipmentNote({
  order,
  className = 'text-sm text-base-content/75',
}: {
  order: Pick<Order, 'carrier' | 'trackingNumber'> &
    Partial<Pick<Order, 'shipments' | 'lines' | 'number'>>;
  className?: string;
}) {
  // An order shipped in several shipments lists each (docs/payments.md, "Back-orders").
  if (order.shipments && order.shipments.length > 1 && order.lines && order.number) {
    return (
      <ShipmentsList
        order={{ shipments: order.shipments, lines: order.lines, number: order.number }}
      />
    );
  }
  const text = shipmentText(order);
  return text ? (
    <p className={`${className} [overflow-wrap:anywhere]`} data-testid="shipment-note">
      {text}
    </p>
  ) : null;
}
