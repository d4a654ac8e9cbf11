import { z } from 'zod';

/** A tool's low-stock threshold when none was set: twice its minimum order quantity. */
export function defaultLowStockThreshold(minOrderQuantity: number): number {
  return 2 * minOrderQuantity;
}

export function isLowStock(tool: { inStock: number; lowStockThreshold: number }): boolean {
  return tool.inStock <= tool.lowStockThreshold;
}

/** A tool at or below its threshold, as the overview lists it. */
export const lowStockToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string(),
  inStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** When admins were told it ran low (null: it is low, but was already low before tracking). */
  notifiedAt: z.string().nullable(),
});
export type LowStockTool = z.infer<typeof lowStockToolSchema>;
