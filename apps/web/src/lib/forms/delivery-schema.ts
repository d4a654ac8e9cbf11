import { addressSchema } from '@voltforge/contract/address';
import { phoneSchema } from '@voltforge/contract/phone';
import { z } from 'zod';

/*
 * What the browser checks before an order is sent (the server checks the same fields again with
 * the contract's request schemas). Imported only through `zodChecks` (lazy-resolver.ts), so zod
 * is fetched when a buyer starts on the form, not with the page.
 */

/** The cart's checkout: where to deliver. */
export const deliverySchema = z.object({ phone: phoneSchema, address: addressSchema });
export type DeliveryValues = z.input<typeof deliverySchema>;

/** A tool's order form: the quantity is checked by quantity-check.ts (toasts, button state). */
export const toolOrderSchema = deliverySchema.extend({ quantity: z.string() });
export type ToolOrderValues = z.input<typeof toolOrderSchema>;
