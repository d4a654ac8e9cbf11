import { z } from 'zod';
import { checkoutMessages } from './cart-rules.ts';
import { MAX_PO_NUMBER_LENGTH, poNumberMessage } from './po-number.ts';
import { addressSchema } from './address.ts';
import { phoneSchema } from './phone.ts';
import { companySchema, taxIdSchema } from './profile.ts';
import { ONE_LINE } from './form-fields.ts';
import { paymentMethods, shippingModes } from './order-rules.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/** The PO number as checkout takes it; '' or absent for none. */
export const poNumberSchema = z
  .string({ error: poNumberMessage })
  .trim()
  .max(MAX_PO_NUMBER_LENGTH, poNumberMessage)
  .refine((v) => ONE_LINE.test(v), poNumberMessage)
  .optional();

/**
 * Checkout (docs/architecture.md, "Orders and their lines"): the signed-in buyer's server cart
 * becomes one order with a line per cart line, all reserved in one transaction or none. The
 * buyer sends where to deliver, their PO number and the total they were shown; the server prices every
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
    /** The buyer's purchase-order number, and who the invoice is made out to (else the profile's). */
    poNumber: poNumberSchema,
    company: companySchema,
    taxId: taxIdSchema,
    /** 'account': "Pay on invoice", on the buyer's company's terms; by default by card. */
    paymentMethod: z
      .enum(paymentMethods, { error: "paymentMethod must be 'card' or 'account'" })
      .optional(),
    /**
     * How back-ordered pieces ship (docs/payments.md, "Back-orders"): 'complete' (the default, one
     * shipment once all is there) or 'as_available' (later shipments at the shop's rate).
     */
    shippingMode: z
      .enum(shippingModes, { error: "shippingMode must be 'complete' or 'as_available'" })
      .optional(),
  },
  unknownFieldsError('the server takes the lines and prices from your cart'),
);
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutBody = z.output<typeof checkoutSchema>;
