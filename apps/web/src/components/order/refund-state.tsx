import { dollarsToCents, formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { refundState } from '@voltforge/contract/refund-rules';

interface RefundStateProps {
  order: Pick<Order, 'refunded' | 'total'>;
  className?: string;
}

/**
 * "Partially refunded" or "Refunded" and how much went back to the card, beside an order's
 * status; nothing until a refund has succeeded (a pending one has returned nothing yet).
 */
export function RefundState({ order, className = '' }: RefundStateProps) {
  const state = refundState(dollarsToCents(order.refunded), dollarsToCents(order.total));
  if (!state) return null;
  return (
    <span className={`inline-flex flex-col gap-0.5 ${className}`} data-testid="refund-state">
      <span className="badge badge-sm badge-outline whitespace-nowrap">{state}</span>
      <span className="text-xs whitespace-nowrap text-base-content/75 tabular-nums">
        {formatUsd(order.refunded)} refunded
      </span>
    </span>
  );
}
