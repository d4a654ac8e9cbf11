import { addressSchema } from '@voltforge/contract/address';
import { poNumberSchema } from '@voltforge/contract/checkout';
import { phoneSchema } from '@voltforge/contract/phone';
import { companySchema, taxIdSchema } from '@voltforge/contract/profile';
import { z } from 'zod';

/*
 * What the browser checks before an order is sent (the server checks the same fields again with
 * the contract's request schemas). Imported only through `zodChecks` (lazy-resolver.ts), so zod
 * is fetched when a buyer starts on the form, not with the page.
 */

/** The cart's checkout: where to deliver. */
export const deliverySchema = z.object({ phone: phoneSchema, address: addressSchema });
export type DeliveryValues = z.input<typeof deliverySchema>;

/** The cart's checkout: where to deliver, the buyer's PO number and who the invoice is made out to. */
export const checkoutFieldsSchema = deliverySchema.extend({
  poNumber: poNumberSchema,
  company: companySchema,
  taxId: taxIdSchema,
});
export type CheckoutFieldValues = z.input<typeof checkoutFieldsSchema>;

/** A tool's order form: the quantity is checked by quantity-check.ts (toasts, button state). */
export const toolOrderSchema = deliverySchema.extend({ quantity: z.string() });
export type ToolOrderValues = z.input<typeof toolOrderSchema>;
