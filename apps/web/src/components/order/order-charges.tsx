import { chargeTexts } from '@voltforge/contract/charges';
import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';

/** What an order costs, in dollars: an order's, a cart's, or the order form's live figures. */
export interface ChargeFigures {
  goods: number;
  shipping: number;
  tax: number;
  /** Percent; 0: the shop charges no tax, and no tax row shows. */
  taxRate: number;
  total: number;
}

export const chargesOfOrder = (order: Order): ChargeFigures => ({
  goods: order.goodsTotal,
  shipping: order.shipping,
  tax: order.tax,
  taxRate: order.taxRate,
  total: order.total,
});

/** "Free", or the amount. */
export const shippingText = (shipping: number) =>
  shipping === 0 ? chargeTexts.free : formatUsd(shipping);

interface OrderChargesProps {
  charges: ChargeFigures;
  /** The goods row's label: "Goods" on an order, "Subtotal" in the cart. */
  goodsLabel?: string;
  /** Prefixes each figure's test id: `${testId}-goods`, `-shipping`, `-tax`, `-total`. */
  testId?: string;
  className?: string;
}

/**
 * Goods, shipping (or Free), tax when the shop charges it, and the total the buyer is charged: a
 * two-column list that fits a phone's width as well as a side panel.
 */
export function OrderCharges({
  charges,
  goodsLabel = chargeTexts.goods,
  testId,
  className = '',
}: OrderChargesProps) {
  const id = (name: string) => (testId ? `${testId}-${name}` : undefined);
  const row = 'col-span-2 grid grid-cols-subgrid items-baseline';
  return (
    <dl
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm tabular-nums ${className}`}
    >
      <div className={row}>
        <dt className="text-base-content/75">{goodsLabel}</dt>
        <dd className="text-right" data-testid={id('goods')}>
          {formatUsd(charges.goods)}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-base-content/75">{chargeTexts.shipping}</dt>
        <dd className="text-right" data-testid={id('shipping')}>
          {shippingText(charges.shipping)}
        </dd>
      </div>
      {charges.taxRate > 0 ? (
        <div className={row}>
          <dt className="text-base-content/75">{chargeTexts.tax(charges.taxRate)}</dt>
          <dd className="text-right" data-testid={id('tax')}>
            {formatUsd(charges.tax)}
          </dd>
        </div>
      ) : null}
      <div className={`${row} mt-1 border-t border-base-300 pt-2`}>
        <dt className="font-medium">{chargeTexts.total}</dt>
        <dd className="text-right text-xl font-bold" data-testid={id('total')}>
          {formatUsd(charges.total)}
        </dd>
      </div>
    </dl>
  );
}
