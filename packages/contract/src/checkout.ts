import { z } from 'zod';
import { checkoutMessages } from './cart-rules.ts';
import { addressSchema } from './address.ts';
import { phoneSchema } from './phone.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/**
 * Checkout (docs/architecture.md, "Orders and their lines"): the signed-in buyer's server cart
 * becomes one order with a line per cart line, all reserved in one transaction or none. The
 * buyer sends only where to deliver and the total they were shown; the server prices every
 * line again and refuses when its total is not the one the buyer confirmed.
 */

/** POST /api/checkout. Strict: the lines and prices come from the server cart, never the body. */
export const checkoutSchema = z.strictObject(
  {
    phone: phoneSchema,
    address: addressSchema,
    /** The cart's total in dollars (goods, shipping, tax) as the buyer saw it at Checkout. */
    expectedTotal: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? checkoutMessages.expectedTotalRequired
            : checkoutMessages.expectedTotalNotNumber,
      })
      .nonnegative({ error: checkoutMessages.expectedTotalNegative }),
  },
  unknownFieldsError('the server takes the lines and prices from your cart'),
);
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutBody = z.output<typeof checkoutSchema>;
