import { z } from 'zod';
import { MAX_QUICK_ORDER_CHARS, quickOrderMessages } from './quick-order-rules.ts';

/** Quick order's request and answer schemas (its rules: quick-order-rules.ts). */

/** POST /api/quick-order/preview */
export const quickOrderPreviewBodySchema = z.strictObject({
  text: z
    .string({ error: quickOrderMessages.empty })
    .max(MAX_QUICK_ORDER_CHARS, quickOrderMessages.tooLong),
});
export type QuickOrderPreviewBody = z.infer<typeof quickOrderPreviewBodySchema>;

export const quickOrderStatuses = [
  'ready',
  'unknown',
  'below_minimum',
  'not_multiple',
  'short',
  'duplicate',
  'invalid_quantity',
] as const;
export type QuickOrderStatus = (typeof quickOrderStatuses)[number];

/** The verdict on one line: ready to add, or what is wrong and what to do. */
export const quickOrderVerdictSchema = z.object({
  line: z.number().int(),
  partNumber: z.string(),
  /** The quantity the line asks for, with the quantities of its duplicates added. */
  quantity: z.number().int().nullable(),
  status: z.enum(quickOrderStatuses),
  message: z.string(),
  /** The tool the part number names (null when unknown). */
  toolId: z.string().nullable(),
  name: z.string().nullable(),
  /** At the line's quantity, by the pricing function (null unless ready). */
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
  /** What can be had now, for a short line. */
  available: z.number().int().nullable(),
  /** Part numbers like an unknown one. */
  closest: z.array(z.string()),
  /** The line a duplicate was added to. */
  mergedInto: z.number().int().nullable(),
});
export type QuickOrderVerdict = z.infer<typeof quickOrderVerdictSchema>;

export const quickOrderPreviewSchema = z.object({
  verdicts: z.array(quickOrderVerdictSchema),
  /** Sum of the ready lines' totals. */
  readyTotal: z.number(),
});
export type QuickOrderPreview = z.infer<typeof quickOrderPreviewSchema>;
