import { z } from 'zod';
import { lineProjectSchema, quantitySchema } from './order.ts';
import { MAX_CART_LINES, cartMessages } from './cart-text.ts';

const datedQuantity = z.object({ quantity: z.number().int(), date: z.string() });
/** availability.ts `Availability`, as an answer carries it. */
export const availabilitySchema = z.object({
  quantity: z.number().int(),
  now: z.number().int(),
  batches: z.array(datedQuantity),
  later: datedQuantity.nullable(),
  unavailable: z.number().int(),
});

/**
 * The cart (docs/architecture.md, "Cart"): a signed-in buyer's lines live on the server, so they
 * follow the buyer across devices; a visitor's live in the browser and are merged into the
 * account's at sign-in. A line is a tool and a quantity; its price is always the tool's price now,
 * at that quantity, by the pricing function. Its rules and words are in cart-rules.ts (no zod), its
 * request and answer schemas here.
 */

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
  /** Added from a project: the buyer's reference for the part and the revision, kept by the order. */
  customerRef: z.string().nullable(),
  project: lineProjectSchema.nullable(),
  /** Sold beyond its stock (docs/payments.md, "Back-orders"). */
  backorderable: z.boolean().optional(),
  /**
   * How the quantity ships when it is more than the stock of a tool sold beyond it
   * (availability.ts: "18 now, 7 by Jan 14"); null or absent when it all ships now.
   */
  availability: availabilitySchema.nullable().optional(),
  /**
   * A larger quantity at a price break that costs no more than this one (the pricing function's
   * `nextBreakSuggestion`, as a project says it), which the stock can cover; null when none.
   */
  suggestion: z
    .object({ quantity: z.number().int(), lineTotal: z.number(), saving: z.number() })
    .nullable()
    .optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Σ line totals, in dollars (summed in cents): the goods. */
  subtotal: z.number(),
  /**
   * When some pieces would be back-ordered: the charges if they ship as available (each later
   * shipment at the shop's rate, said by `rule`) rather than complete (the fields above).
   */
  asAvailable: z
    .object({
      laterShipments: z.number().int(),
      rule: z.string(),
      shipping: z.number(),
      tax: z.number(),
      total: z.number(),
    })
    .nullable()
    .optional(),
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

export const mergeCartResultSchema = z.object({
  cart: cartSchema,
  /** What changed, line by line, to tell the buyer. */
  changes: z.array(z.string()),
});
export type MergeCartResult = z.infer<typeof mergeCartResultSchema>;
