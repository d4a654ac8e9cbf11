import { z } from 'zod';
import type { ShopTermsJson } from './charges.ts';

/** GET /api/shop/terms (charges.ts `ShopTermsJson`): shipping and the tax rate. */
export const shopTermsSchema = z.object({
  shippingFlatRate: z.number(),
  freeShippingOver: z.number().nullable(),
  /** Percent, e.g. 8.25; 0 when the shop charges no tax. */
  taxRate: z.number(),
  extraShipmentRate: z.number(),
}) satisfies z.ZodType<ShopTermsJson>;
