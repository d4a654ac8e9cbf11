import { orderStatusLabels, type OrderStatus } from '@voltforge/contract/order';

const tone: Record<OrderStatus, string> = {
  pending_payment: 'badge-warning',
  paid: 'badge-info',
  shipped: 'badge-accent',
  delivered: 'badge-success',
  cancelled: 'badge-ghost',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${tone[status]}`}>
      {orderStatusLabels[status]}
    </span>
  );
}
