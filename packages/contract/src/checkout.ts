import { z } from 'zod';
import { formatUsd } from './money.ts';
import { addressSchema } from './order.ts';
import { phoneSchema } from './phone.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/**
 * Checkout (docs/architecture.md, "Orders and their lines"): the signed-in buyer's server cart
 * becomes one order with a line per cart line, all reserved in one transaction or none. The
 * buyer sends only where to deliver and the total they were shown; the server prices every
 * line again and refuses when its total is not the one the buyer confirmed.
 */

export const checkoutMessages = {
  emptyCart: 'Your cart is empty. Add tools to it before checking out.',
  notReady: 'Some lines in your cart cannot be ordered as they are. Fix the marked lines first.',
  totalChanged: (shown: number, now: number) =>
    `The total changed from ${formatUsd(shown)} to ${formatUsd(now)} since you looked. Check your cart and confirm again.`,
  short: 'Some lines are short of stock. Lower them to what is left and check out again.',
  cartChanged:
    'Your cart changed while checking out (on another device?). Check it and confirm again.',
  placed: 'Order Added Successfully',
} as const;

/** POST /api/checkout. Strict: the lines and prices come from the server cart, never the body. */
export const checkoutSchema = z.strictObject(
  {
    phone: phoneSchema,
    address: addressSchema,
    /** The cart's total in dollars (goods, shipping, tax) as the buyer saw it at Checkout. */
    expectedTotal: z.number({ error: 'expectedTotal is required' }).nonnegative(),
  },
  unknownFieldsError('the server takes the lines and prices from your cart'),
);
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutBody = z.output<typeof checkoutSchema>;
