import type { Cart, CartLine } from '@voltforge/contract/cart';
import { withCharges } from '@voltforge/contract/cart-rules';
import { shopTermsToJson, type ShopTerms } from '@voltforge/contract/charges';
import { dollarsToCents } from '@voltforge/contract/money';

/** The shop's default terms: $7.50 shipping, free over $75.00, no tax. */
export const defaultTerms: ShopTerms = {
  shippingFlatCents: 750,
  freeShippingOverCents: 7500,
  taxRateBasisPoints: 0,
};

/** The same with 8.25 % tax. */
export const taxedTerms: ShopTerms = { ...defaultTerms, taxRateBasisPoints: 825 };

/** What GET /api/shop/terms answers for these terms. */
export const termsJson = (terms: ShopTerms = defaultTerms) => shopTermsToJson(terms);

/**
 * A cart as the server answers it: these lines, their goods (the lines' totals unless given) and
 * the shipping and tax an order of them would pay under `terms`.
 */
export function cartOf(
  lines: CartLine[],
  {
    subtotal,
    ready = lines.every((l) => l.problem === null),
    terms = defaultTerms,
  }: { subtotal?: number; ready?: boolean; terms?: ShopTerms } = {},
): Cart {
  const subtotalCents =
    subtotal === undefined
      ? lines.reduce((sum, l) => sum + dollarsToCents(l.lineTotal), 0)
      : dollarsToCents(subtotal);
  return withCharges({ lines, ready, subtotalCents }, terms);
}
