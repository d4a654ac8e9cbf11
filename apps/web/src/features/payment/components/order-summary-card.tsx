import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { OrderHoldPolicy, PayBy } from '../../../components/order/order-hold';
import { hasSeveralLines, OrderLines } from '../../../components/order/order-lines';

/** Who pays, for what, and how much (the order total the server charges). */
export function OrderSummaryCard({ order }: { order: Order }) {
  return (
    <article
      aria-labelledby="payment-order-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <p className="text-base-content/75">
          Hello, <span className="font-semibold text-base-content">{order.name}</span>
        </p>
        <h2 id="payment-order-title" className="card-title text-xl">
          Please pay for {order.order}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-base-content/70">Item</dt>
          <dd className="font-medium">{order.order}</dd>
          {hasSeveralLines(order) ? null : (
            <>
              <dt className="text-base-content/70">Quantity</dt>
              <dd className="tabular-nums">
                {order.quantity} × {formatUsd(order.price)}
              </dd>
            </>
          )}
          <dt className="text-base-content/70">Ship to</dt>
          <dd className="break-words">{order.address}</dd>
        </dl>
        {hasSeveralLines(order) ? <OrderLines order={order} label="Order lines" /> : null}
        <div className="flex items-baseline justify-between border-t border-base-300 pt-4">
          <span className="font-medium">Price</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="payment-total">
            {formatUsd(order.total)}
          </span>
        </div>
        {order.status === 'pending_payment' ? (
          <div className="flex flex-col gap-1">
            <PayBy order={order} className="text-sm" />
            <OrderHoldPolicy />
          </div>
        ) : null}
      </div>
    </article>
  );
}
