import { z } from 'zod';
import { dateSchema } from './quote.ts';
import { MAX_BATCH_QUANTITY, supplyMessages } from './supply-rules.ts';
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
