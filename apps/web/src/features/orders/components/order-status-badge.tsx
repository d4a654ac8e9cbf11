import { orderStatusLabels, type OrderStatus } from '@voltforge/contract/order';

const tone: Record<OrderStatus, string> = {
  pending_payment: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  delivered: 'badge-success',
  cancelled: 'badge-neutral',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${tone[status]}`}>
      {orderStatusLabels[status]}
    </span>
  );
}
