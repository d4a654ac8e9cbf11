import { z } from 'zod';
import { quantitySchema } from './order.ts';
import { orderCharges, type ShopTerms } from './charges.ts';
import { centsToDollars, formatUsd } from './money.ts';
import { largestOrderable, quantityProblem, type Orderable } from './quantity-rules.ts';

/**
 * The cart (docs/architecture.md, "Cart"): a signed-in buyer's lines live on the server, so they
 * follow the buyer across devices; a visitor's live in the browser and are merged into the
 * account's at sign-in. A line is a tool and a quantity; its price is always the tool's price now,
 * at that quantity, by the pricing function.
 */

/** The most lines a cart holds (a quick order adds up to 500 at once). */
export const MAX_CART_LINES = 500;

export const cartMessages = {
  unknownTool: 'This tool is not in the catalogue any more.',
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} lines. Check out or remove some first.`,
  archived: 'No longer sold. Remove it to check out.',
  soldOut: 'Out of stock now. Remove it to check out.',
  short: (available: number) =>
    `Only ${available.toLocaleString('en-US')} in stock now. Lower the quantity to check out.`,
  priceChanged: (was: number, now: number) =>
    `The price changed from ${formatUsd(was)} to ${formatUsd(now)} each since you added it.`,
  merged: (partNumber: string, quantity: number) =>
    `${partNumber}: ${quantity.toLocaleString('en-US')} pcs. from this browser added to your cart.`,
  mergeCapped: (partNumber: string, quantity: number) =>
    `${partNumber}: only ${quantity.toLocaleString('en-US')} pcs. in your cart, as much as is in stock.`,
  mergeDropped: (partNumber: string) =>
    `${partNumber}: not added, it cannot be ordered now (sold out or no longer sold).`,
} as const;

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
  if (largestOrderable(tool, tool.inStock) === 0) return cartMessages.soldOut;
  const problem = quantityProblem(tool, quantity);
  if (!problem) return null;
  return problem.status === 409 ? cartMessages.short(tool.inStock) : problem.message;
}

export const cartLineInputSchema = z.strictObject({
  toolId: z.string().min(1, cartMessages.unknownTool),
  quantity: quantitySchema,
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** POST /api/cart/lines: add these quantities (to what the cart already has of each tool). */
export const addCartLinesSchema = z.strictObject({
  lines: z.array(cartLineInputSchema).min(1).max(MAX_CART_LINES, cartMessages.tooManyLines),
});
export type AddCartLines = z.infer<typeof addCartLinesSchema>;

/** POST /api/cart/merge: the visitor's lines from this browser, at sign-in or registration. */
export const mergeCartSchema = addCartLinesSchema;

/** POST /api/cart/price: a visitor's lines (kept in the browser) priced as a cart, in one call. */
export const priceCartSchema = addCartLinesSchema;

/**
 * A visitor's line whose tool the catalogue no longer has: it can only be removed. Its name says
 * so and it has no part number.
 */
export const GONE_TOOL_NAME = 'Tool no longer in the catalogue';

/** PUT /api/cart/lines/:toolId */
export const setCartQuantitySchema = z.strictObject({ quantity: quantitySchema });
export const cartToolParamsSchema = z.object({ toolId: z.string() });

export const cartLineSchema = z.object({
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** At this quantity, now (pricing function); the line total is unit price × quantity. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  minOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  inStock: z.number().int(),
  /** What keeps this line from checkout and what to do, or null when it is fine. */
  problem: z.string().nullable(),
  /** The line is fine but its price is not what it was when the buyer last set it. */
  notice: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Σ line totals, in dollars (summed in cents): the goods. */
  subtotal: z.number(),
  /** What an order of this cart would pay for shipping and tax, and in all (charges.ts). */
  shipping: z.number(),
  tax: z.number(),
  /** The shop's tax rate in percent (0: no tax). */
  taxRate: z.number(),
  total: z.number(),
  /** True when no line has a problem. */
  ready: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A cart's lines and goods in cents, before shipping and tax: what the cart service reads. */
export type CartGoods = Pick<Cart, 'lines' | 'ready'> & { subtotalCents: number };

/** A cart with what its order would be charged, by the one charges function. */
export function withCharges(goods: CartGoods, terms: ShopTerms): Cart {
  const charges = orderCharges(goods.subtotalCents, terms);
  return {
    lines: goods.lines,
    ready: goods.ready,
    subtotal: centsToDollars(charges.goodsCents),
    shipping: centsToDollars(charges.shippingCents),
    tax: centsToDollars(charges.taxCents),
    taxRate: terms.taxRateBasisPoints / 100,
    total: centsToDollars(charges.totalCents),
  };
}

export const mergeCartResultSchema = z.object({
  cart: cartSchema,
  /** What changed, line by line, to tell the buyer. */
  changes: z.array(z.string()),
});
export type MergeCartResult = z.infer<typeof mergeCartResultSchema>;

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
  };
}
