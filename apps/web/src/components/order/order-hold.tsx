import type { Order } from '@voltforge/contract/order';
import { orderHoldMessages, payByDate } from '@voltforge/contract/order-rules';
import { usePaymentConfig } from '../../lib/api/get-payment-config';
import { useDateFormat } from '../../lib/first-paint/local-time';

/** "Unpaid orders are held for 48 hours, then cancelled." Nothing while unknown or unlimited. */
export function OrderHoldPolicy({ className = '' }: { className?: string }) {
  const hours = usePaymentConfig().data?.orderHoldHours;
  if (!hours) return null;
  return (
    <p className={`text-sm text-base-content/75 ${className}`}>{orderHoldMessages.policy(hours)}</p>
  );
}

/** "Pay by <date time>" for an unpaid order; nothing for any other. */
export function PayBy({ order, className = '' }: { order: Order; className?: string }) {
  const hours = usePaymentConfig().data?.orderHoldHours;
  const payByFormat = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  if (order.status !== 'pending_payment' || !hours) return null;
  const due = payByDate(order.createdAt, hours);
  if (!due) return null;
  return (
    <span className={`text-xs font-medium text-base-content/80 ${className}`}>
      {orderHoldMessages.payBy(payByFormat.format(due))}
    </span>
  );
}
