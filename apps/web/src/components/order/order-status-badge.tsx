import { orderStatusLabels, type OrderStatus } from '@voltforge/contract/order-rules';

/*
 * One colour per status, the same for customers and the back office. Each pair is a theme colour
 * with its own -content text, which styles/shop.css keeps at AA contrast: green for paid money, amber
 * while it waits for payment (an order on account ships at once, green too), blue on the way, dark when done, grey when cancelled.
 */
const tone: Record<OrderStatus, string> = {
  pending_payment: 'badge-warning',
  paid: 'badge-success',
  on_account: 'badge-success',
  partially_shipped: 'badge-info',
  shipped: 'badge-info',
  delivered: 'badge-neutral',
  cancelled: 'badge-ghost',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${tone[status]}`}>
      {orderStatusLabels[status]}
    </span>
  );
}
