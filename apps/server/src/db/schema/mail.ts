import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailKinds, mailStatuses, type MailAttachment } from '@voltforge/contract/mail';
import { user } from './auth.ts';
import { order } from './order.ts';

/**
 * The outbox: every mail is a row written in the same transaction as the change it reports, and
 * a sender in every instance delivers the rows (docs/architecture.md, "Mail").
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind', { enum: mailKinds }).notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // While `sending`, the time after which a sender that stopped mid-delivery is presumed gone.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    orderId: uuid('order_id').references(() => order.id, { onDelete: 'set null' }),
    /** A document to attach, rendered at each delivery from its stored snapshot. */
    attachment: jsonb('attachment').$type<MailAttachment>(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The sender's claim: due rows in the order they became due.
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
  ],
);

/** What staff are told of an order (ORDER_NOTIFY_EMAILS): it was placed, or it was paid. */
export const staffOrderEvents = ['placed', 'paid'] as const;
export type StaffOrderEvent = (typeof staffOrderEvents)[number];

/**
 * Staff's notices waiting to be mailed: one row per event, written in the transaction of the
 * order's change (so a change that rolls back tells nobody), taken and mailed together, a batch
 * at a time (mail/staff-order-notices.ts; docs/architecture.md, "Mail").
 */
export const staffOrderNotice = pgTable(
  'staff_order_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    event: text('event', { enum: staffOrderEvents }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_order_notice_created_at_idx').on(t.createdAt)],
);
