import { z } from 'zod';
import { MAX_REFUND_REASON_LENGTH, refundMessages, refundStatuses } from './refund-rules.ts';

/**
 * Refunds (docs/payments.md, "Refunds and credit notes"): an admin refunds a paid order whole,
 * some of its lines (and quantities), its shipping, or an amount. Here the request and the
 * refund as the order JSON lists it; the figures are computed by one function in
 * refund-rules.ts, from the order as placed and what was refunded before; the server computes
 * them under the order's lock, and only a refund the payment provider confirms counts.
 */

/** What an admin asks to refund: lines (by line number) and shipping, or an amount. */
export const refundRequestSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineNo: z.number().int().min(1),
        quantity: z.number().int().min(1, 'Quantity must be at least 1'),
      }),
    )
    .max(500)
    .default([]),
  shipping: z.boolean().default(false),
  /** Everything not refunded yet: every line's remaining pieces and the shipping. */
  whole: z.boolean().default(false),
  /** A free amount in dollars (tax included), instead of lines and shipping. */
  amount: z.number().positive('The amount must be more than 0').multipleOf(0.01).optional(),
  /** Put the refunded lines' pieces back in stock (one stock movement per line). */
  restock: z.boolean().default(false),
  reason: z
    .string({ error: refundMessages.reasonRequired })
    .trim()
    .min(1, refundMessages.reasonRequired)
    .max(MAX_REFUND_REASON_LENGTH, refundMessages.reasonTooLong),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** The refunds of an order as the order JSON lists them. */
export const refundSchema = z.object({
  id: z.string(),
  status: z.enum(refundStatuses),
  /** Dollars: what goes back to the card. */
  amount: z.number(),
  reason: z.string(),
  lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number().int() })),
  shipping: z.boolean(),
  restock: z.boolean(),
  /** The provider's words for a failed refund, or why it is still pending. */
  error: z.string().nullable(),
  createdAt: z.string(),
  creditNote: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
});
export type Refund = z.infer<typeof refundSchema>;
