import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
