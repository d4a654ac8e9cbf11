import { z } from 'zod';
import { approvalMessages, approvalStatuses } from './approval-rules.ts';
import { hasAtMostTwoDecimals } from './admin.ts';
import { ONE_LINE } from './form-fields.ts';
import { paymentMethods } from './order-rules.ts';

/** A limit in dollars as an admin types it, or null for none. */
const limitSchema = z
  .number({ error: approvalMessages.limit })
  .finite(approvalMessages.limit)
  .refine((v) => v >= 0 && v <= 10_000_000 && hasAtMostTwoDecimals(v), approvalMessages.limit)
  .nullable();

/** PUT /api/company/members/:userId/limits (the company's admins): a buyer's spending limits. */
export const memberLimitsInputSchema = z.strictObject({
  orderLimit: limitSchema,
  monthlyLimit: limitSchema,
});
export type MemberLimitsInput = z.input<typeof memberLimitsInputSchema>;

/** POST /api/company/approvals/:id/reject: why, for the requester. */
export const rejectInputSchema = z.strictObject({
  reason: z
    .string({ error: approvalMessages.reason })
    .trim()
    .min(1, approvalMessages.reason)
    .max(300, approvalMessages.reason)
    .refine((v) => ONE_LINE.test(v), approvalMessages.reason),
});
export type RejectInput = z.input<typeof rejectInputSchema>;

export const approvalIdParamsSchema = z.object({ id: z.string() });

/** One request for approval as members see it (dollars at the edge). */
export const approvalSchema = z.object({
  id: z.string(),
  status: z.enum(approvalStatuses),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  why: z.string(),
  total: z.number(),
  lines: z.array(
    z.object({
      partNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  address: z.string(),
  poNumber: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The order placed when it was approved. */
  order: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.array(approvalSchema);
