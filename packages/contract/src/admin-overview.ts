import { z } from 'zod';
import { orderStatusSchema } from './order.ts';

/** A tool at or below its threshold, as the overview lists it. */
export const lowStockToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string(),
  inStock: z.number().int(),
  minOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** When admins were told it ran low (null: it is low, but was already low before tracking). */
  notifiedAt: z.string().nullable(),
});
export type LowStockTool = z.infer<typeof lowStockToolSchema>;

export const overviewPeriods = ['30', '90'] as const;
export const DEFAULT_OVERVIEW_DAYS = 30;

/** GET /api/admin/overview?days=30|90 */
export const overviewQuerySchema = z.object({
  days: z
    .enum(overviewPeriods, { error: `days must be one of: ${overviewPeriods.join(', ')}` })
    .default('30')
    .transform(Number),
});
export type OverviewQueryInput = z.input<typeof overviewQuerySchema>;
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

/** One calendar day (UTC) of paid orders; days without sales are present with zeros. */
export const overviewDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  /** Dollars, from the orders paid that day that were not cancelled afterwards. */
  revenue: z.number(),
  paidOrders: z.number().int(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewTopToolSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  partNumber: z.string(),
  revenue: z.number(),
  quantity: z.number().int(),
  orders: z.number().int(),
});
export type OverviewTopTool = z.infer<typeof overviewTopToolSchema>;

export const overviewSchema = z.object({
  days: z.number().int(),
  /** First and last day of the period, YYYY-MM-DD (UTC), today included. */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    revenue: z.number(),
    paidOrders: z.number().int(),
    /** Of the paid orders that stand, those accepted from a quote (gross of refunds). */
    fromQuotes: z.object({ revenue: z.number(), paidOrders: z.number().int() }),
  }),
  daily: z.array(overviewDaySchema),
  /** Every status with the number of orders now in it, placed in the period. */
  statusCounts: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  topTools: z.array(overviewTopToolSchema),
  lowStock: z.array(lowStockToolSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const TOP_TOOLS_LIMIT = 5;
