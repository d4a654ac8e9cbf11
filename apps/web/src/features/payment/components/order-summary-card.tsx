import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { OrderHoldPolicy, PayBy } from '../../../components/order/order-hold';
import { chargesOfOrder, OrderCharges } from '../../../components/order/order-charges';
import { hasSeveralLines, OrderLines } from '../../../components/order/order-lines';
import { RefundState } from '../../../components/order/refund-state';

/** The card's heading: what to pay for while unpaid, what happened to it after. */
function headingOf(order: Order): string {
  if (order.status === 'pending_payment') return `Please pay for ${order.order}`;
  if (order.status === 'cancelled') return `Cancelled: ${order.order}`;
  if (order.paymentMethod === 'account') return `On account: ${order.order}`;
  return `Paid: ${order.order}`;
}

/** Who pays, for what, and how much: the goods, shipping, tax and the total the server charges. */
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
          {headingOf(order)}
        </h2>
        <RefundState order={order} className="self-start" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-base-content/70">Order number</dt>
          <dd className="font-mono font-semibold">{order.number}</dd>
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
          {order.company ? (
            <>
              <dt className="text-base-content/70">Company</dt>
              <dd className="break-words">{order.company}</dd>
            </>
          ) : null}
          {order.taxId ? (
            <>
              <dt className="text-base-content/70">VAT / tax id</dt>
              <dd className="font-mono">{order.taxId}</dd>
            </>
          ) : null}
        </dl>
        {hasSeveralLines(order) ? <OrderLines order={order} label="Order lines" /> : null}
        <OrderCharges
          charges={chargesOfOrder(order)}
          testId="payment"
          className="border-t border-base-300 pt-4"
        />
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
