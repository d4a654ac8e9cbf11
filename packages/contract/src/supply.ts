import { z } from 'zod';
import { dateSchema } from './quote.ts';
import {
  MAX_BATCH_QUANTITY,
  MAX_LEAD_TIME_WEEKS,
  MIN_LEAD_TIME_WEEKS,
  supplyMessages,
} from './supply-rules.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/* Incoming batches' API (docs/payments.md, "Supply and availability"). */

const quantity = z
  .number({ error: supplyMessages.quantity })
  .int(supplyMessages.quantity)
  .min(1, supplyMessages.quantity)
  .max(MAX_BATCH_QUANTITY, supplyMessages.quantity);
const expectedOn = dateSchema.pipe(z.string({ error: supplyMessages.expectedOn }));

/** POST /api/admin/tools/:id/batches: a batch expected from the line. */
export const batchInputSchema = z.strictObject({ quantity, expectedOn }, unknownFieldsError());
export type BatchInput = z.input<typeof batchInputSchema>;

/** PATCH /api/admin/batches/:id: the batch is due on another day. */
export const batchMoveSchema = z.strictObject({ expectedOn }, unknownFieldsError());

/** POST /api/admin/batches/:id/receive: what arrived (by default the whole batch). */
export const batchReceiveSchema = z.strictObject(
  { quantity: quantity.optional() },
  unknownFieldsError(),
);

export const batchSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  expectedOn: z.string(),
  receivedAt: z.string().nullable(),
  receivedQuantity: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchListSchema = z.array(batchSchema);

/** GET /api/admin/batches?received=false: the batches staff expect, earliest first. */
export const batchListQuerySchema = z.object({
  received: z.enum(['true', 'false']).optional(),
});

/** GET /api/tool/:id/availability: what availability needs of a tool (contract availability.ts). */
export const toolSupplySchema = z.object({
  inStock: z.number().int(),
  backorderable: z.boolean(),
  leadTimeWeeks: z.number().int().nullable(),
  incoming: z.array(z.object({ quantity: z.number().int(), expectedOn: z.string() })),
});
export type ToolSupply = z.infer<typeof toolSupplySchema>;

export const batchIdParamsSchema = z.object({ id: z.string() });

/**
 * PUT /api/admin/tools/:id/supply: whether the tool may be sold beyond its stock, and its lead
 * time in weeks (needed to sell beyond stock: it dates what no batch covers).
 */
export const toolSupplySettingsSchema = z
  .strictObject(
    {
      backorderable: z.boolean({ error: 'backorderable must be true or false' }),
      leadTimeWeeks: z
        .number({ error: supplyMessages.leadTime })
        .int(supplyMessages.leadTime)
        .min(MIN_LEAD_TIME_WEEKS, supplyMessages.leadTime)
        .max(MAX_LEAD_TIME_WEEKS, supplyMessages.leadTime)
        .nullable(),
    },
    unknownFieldsError(),
  )
  .refine((s) => !s.backorderable || s.leadTimeWeeks !== null, {
    message: supplyMessages.backorderNeedsLeadTime,
    path: ['leadTimeWeeks'],
  });
export type ToolSupplySettings = z.infer<typeof toolSupplySettingsSchema>;

/** GET /api/admin/backorders: per tool, what its waiting back-orders owe and what comes next. */
export const backorderSummarySchema = z.object({
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  /** Pieces owed, and on how many order lines. */
  owed: z.number().int(),
  lines: z.number().int(),
  /** When the oldest waiting back-order was placed. */
  oldestOrderedAt: z.string(),
  /** The earliest day promised to any of them (YYYY-MM-DD). */
  earliestPromise: z.string().nullable(),
  nextBatch: z.object({ quantity: z.number().int(), expectedOn: z.string() }).nullable(),
  leadTimeWeeks: z.number().int().nullable(),
});
export type BackorderSummary = z.infer<typeof backorderSummarySchema>;
export const backorderListSchema = z.array(backorderSummarySchema);
