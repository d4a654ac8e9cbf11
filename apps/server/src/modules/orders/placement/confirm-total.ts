import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { OrderCharges } from '@voltforge/contract/charges';
import { centsToDollars } from '@voltforge/contract/money';
import { orderMessages } from '@voltforge/contract/order-rules';
import { linesTotalCents } from '@voltforge/contract/pricing';
import { INT32_MAX } from '../../../db/limits.ts';
import { badRequest, conflict } from '../../../http-error.ts';
import type { PricedLine } from './judge.ts';

/*
 * Step 4 of placing an order (place-order.ts): what the order charges, by the contract's charges
 * function (the shop's `orderCharges`, or an accepted quote's `quoteCharges`), and an order placed
 * only at the total its buyer confirmed.
 */

/**
 * The order's goods, shipping, tax and total. Refused when the total is larger than an order can
 * hold, or, for a cart or a quote (`expectedTotalCents`), when it is not the total the buyer was
 * shown.
 */
export function confirmTotal(
  priced: readonly PricedLine[],
  chargesOf: (goodsCents: number) => OrderCharges,
  expectedTotalCents: number | undefined,
): OrderCharges {
  const charges = chargesOf(linesTotalCents(priced.map((p) => p.price)));
  if (charges.totalCents > INT32_MAX) throw badRequest(orderMessages.totalTooLarge);
  if (expectedTotalCents !== undefined && expectedTotalCents !== charges.totalCents) {
    throw conflict(
      checkoutMessages.totalChanged(
        centsToDollars(expectedTotalCents),
        centsToDollars(charges.totalCents),
      ),
    );
  }
  return charges;
}
