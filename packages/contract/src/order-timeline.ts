import { z } from 'zod';

/** Why an order was cancelled, recorded with the cancellation. */
export const orderCancelReasons = [
  'customer',
  'admin',
  'unpaid_expired',
  'account_removed',
] as const;
export type OrderCancelReason = (typeof orderCancelReasons)[number];

export const orderCancelReasonLabels: Record<OrderCancelReason, string> = {
  customer: 'Cancelled by the customer',
  admin: 'Cancelled by the shop',
  unpaid_expired: 'Not paid in time: cancelled automatically and the stock released',
  account_removed: "Cancelled because the customer's account was removed",
};

/**
 * What happened to a payment, as the shop saw it: the customer started paying (an intent was
 * made), the provider declined a card, the payment succeeded, or the shop closed the intent
 * with a cancelled order.
 */
export const paymentAttemptOutcomes = ['started', 'declined', 'succeeded', 'closed'] as const;
export type PaymentAttemptOutcome = (typeof paymentAttemptOutcomes)[number];

export const timelineEventKinds = [
  'placed',
  'payment_attempt',
  'provider_event',
  'status',
  'cancelled',
  'stock',
  'document',
  'payment_received',
  'refund',
  'shipment',
] as const;
export type TimelineEventKind = (typeof timelineEventKinds)[number];

/** Who did it: a person (with their role), the payment provider, or the shop itself. */
export const timelineActorSchema = z.object({
  kind: z.enum(['customer', 'admin', 'provider', 'system']),
  /** A person's name; null for the provider and the shop, or an account that was removed. */
  name: z.string().nullable(),
});
export type TimelineActor = z.infer<typeof timelineActorSchema>;

export const timelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(timelineEventKinds),
  title: z.string(),
  detail: z.string().nullable(),
  actor: timelineActorSchema,
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/**
 * GET /api/order/:id/timeline: oldest first. An admin sees everything; the customer who placed
 * the order sees the events about their order (not the provider's webhooks or the stock ledger).
 */
export const orderTimelineSchema = z.object({
  orderId: z.string(),
  events: z.array(timelineEventSchema),
});
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;
