import type { Cart, CartLine } from './cart.ts';
import { promisedOn } from './availability.ts';
import { extraShipments } from './back-order.ts';
import { chargeTexts, orderCharges, type ShopTerms } from './charges.ts';
import { centsToDollars, formatUsd } from './money.ts';
import { isSoldOut } from './pricing.ts';
import { quantityProblem, type Orderable } from './quantity-rules.ts';
import { cartMessages } from './cart-text.ts';

/**
 * The cart's rules and words that pages show or apply without validating a request: no zod, so
 * a page with the cart link or a tool's order form does not download the schemas (those are in
 * cart.ts, with what a cart is: docs/architecture.md, "Cart").
 */

/**
 * What keeps a cart line from checkout, in words that say what to do, or null: the one rule for
 * the server's cart and a visitor's cart in the browser (no longer sold, sold out, short of
 * stock, a minimum or a multiple broken).
 */
export function cartLineProblem(
  tool: Orderable & { archived: boolean },
  quantity: number,
): string | null {
  if (tool.archived) return cartMessages.archived;
  if (isSoldOut(tool)) return cartMessages.soldOut;
  const problem = quantityProblem(tool, quantity);
  if (!problem) return null;
  return problem.status === 409 ? cartMessages.short(tool.inStock) : problem.message;
}

/**
 * A visitor's line whose tool the catalogue no longer has: it can only be removed. Its name says
 * so and it has no part number.
 */
export const GONE_TOOL_NAME = 'Tool no longer in the catalogue';

/** A visitor's line whose tool the catalogue no longer has: nothing to show but Remove. */
export function goneCartLine(toolId: string, quantity: number): CartLine {
  return {
    toolId,
    partNumber: '',
    name: GONE_TOOL_NAME,
    img: '',
    quantity,
    unitPrice: 0,
    lineTotal: 0,
    minOrderQuantity: 1,
    orderMultiple: 1,
    inStock: 0,
    problem: cartMessages.archived,
    notice: null,
    customerRef: null,
    project: null,
  };
}

/** A cart's lines and goods in cents, before shipping and tax: what the cart service reads. */
export type CartGoods = Pick<Cart, 'lines' | 'ready'> & { subtotalCents: number };

/** A cart with what its order would be charged, by the one charges function. */
export function withCharges(goods: CartGoods, terms: ShopTerms): Cart {
  const charges = orderCharges(goods.subtotalCents, terms);
  const owed = goods.lines.some((l) => l.availability && l.availability.now < l.quantity);
  // Shipped as available, each later shipment at the shop's rate (back-order.ts).
  const later = extraShipments(
    'as_available',
    goods.lines.map((l) => ({
      quantity: l.quantity,
      allocated: l.availability ? l.availability.now : l.quantity,
      promisedOn: l.availability ? promisedOn(l.availability) : null,
    })),
  );
  const asAvailable = orderCharges(goods.subtotalCents, terms, later);
  return {
    lines: goods.lines,
    ready: goods.ready,
    subtotal: centsToDollars(charges.goodsCents),
    shipping: centsToDollars(charges.shippingCents),
    tax: centsToDollars(charges.taxCents),
    taxRate: terms.taxRateBasisPoints / 100,
    total: centsToDollars(charges.totalCents),
    asAvailable: owed
      ? {
          laterShipments: later,
          rule: chargeTexts.laterShipments(terms),
          shipping: centsToDollars(asAvailable.shippingCents),
          tax: centsToDollars(asAvailable.taxCents),
          total: centsToDollars(asAvailable.totalCents),
        }
      : null,
  };
}

/** Checkout's words (the checkout itself: checkout.ts). */
export const checkoutMessages = {
  emptyCart: 'Your cart is empty. Add tools to it before checking out.',
  notReady: 'Some lines in your cart cannot be ordered as they are. Fix the marked lines first.',
  totalChanged: (shown: number, now: number) =>
    `The total changed from ${formatUsd(shown)} to ${formatUsd(now)} since you looked. Check your cart and confirm again.`,
  short: 'Some lines are short of stock. Lower them to what is left and check out again.',
  cartChanged:
    'Your cart changed while checking out (on another device?). Check it and confirm again.',
  /** Not the one-item form's fixed words: a card order is placed, and confirmed once paid. */
  placed: 'Order placed — pay to confirm it',
  placedOnAccount: 'Order placed on your company’s account: its invoice is on its way',
  expectedTotalRequired: 'expectedTotal is required',
  expectedTotalNotNumber: 'expectedTotal must be a number: the total in dollars you were shown.',
  expectedTotalNegative:
    'expectedTotal cannot be negative: send the total in dollars you were shown at Checkout.',
} as const;
