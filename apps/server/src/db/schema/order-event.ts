import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orderStatuses } from '@voltforge/contract/order-rules';
import { orderCancelReasons } from '@voltforge/contract/order-timeline';
import { user } from './auth.ts';
import { order } from './order.ts';

/**
 * One row per status change of an order, written in the same statement's transaction as the
 * change: who moved it (null for the payment provider or the unpaid-order sweep), from what, to
 * what, and for a cancellation why. The order row only keeps the latest timestamps.
 */
export const orderEvent = pgTable(
  'order_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason', { enum: orderCancelReasons }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_event_order_id_idx').on(t.orderId, t.createdAt)],
);
