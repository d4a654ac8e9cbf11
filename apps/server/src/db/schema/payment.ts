import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentAttemptOutcomes } from '@voltforge/contract/order-timeline';
import { user } from './auth.ts';
import { order } from './order.ts';

/** Webhook de-duplication: a provider event is applied at most once. */
export const paymentEvent = pgTable('payment_event', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe's names; `canceled` is an intent cancelled with its order, which can never succeed. */
export const testIntentStatuses = [
  'requires_payment_method',
  'succeeded',
  'failed',
  'canceled',
] as const;

/**
 * The built-in test provider's payment intents. They live in the database so that several
 * server instances agree on them. No card number is stored: only the last four digits.
 */
export const testPaymentIntent = pgTable(
  'test_payment_intent',
  {
    id: text('id').primaryKey(),
    // Unique and indexed: the test checkout confirms a payment by its client secret.
    clientSecret: text('client_secret').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: testIntentStatuses })
      .notNull()
      .default('requires_payment_method'),
    lastPaymentError: text('last_payment_error'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_payment_intent_order_id_idx').on(t.orderId)],
);

/**
 * The order's payment history, whichever provider runs: every intent made, every declined card
 * with the provider's reason, the payment that went through with its transaction id, and an
 * intent closed with its cancelled order. The provider keeps only an intent's latest state, so
 * the timeline reads this instead. Written by the code that learns each fact, once.
 */
export const paymentAttempt = pgTable(
  'payment_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    provider: text('provider').notNull(),
    intentId: text('intent_id').notNull(),
    outcome: text('outcome', { enum: paymentAttemptOutcomes }).notNull(),
    amountCents: integer('amount_cents'),
    /** The provider's words for a declined card. */
    reason: text('reason'),
    cardLast4: text('card_last4'),
    /** Who tried to pay (null: the provider or the shop). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_attempt_order_id_idx').on(t.orderId, t.createdAt)],
);

/**
 * The built-in test provider's refunds, kept like Stripe keeps them: one per idempotency key, and
 * never more in all than the intent's amount.
 */
export const testRefund = pgTable(
  'test_refund',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntent.id),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_refund_intent_id_idx').on(t.intentId)],
);
