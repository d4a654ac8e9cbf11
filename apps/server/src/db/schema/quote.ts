import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { quoteSources, quoteStatuses } from '@voltforge/contract/quote-rules';
import { user } from './auth.ts';
import { company } from './company.ts';
import { order } from './order.ts';
import { project } from './project.ts';
import { tool } from './tool.ts';

/**
 * A request for quotation and its fate (docs/payments.md, "Quotes"). `revision` is the latest
 * revision sent (0 while it waits for an answer). Accepting places one order, linked here
 * (`order_id`, unique): the placing transaction holds this row's lock and moves it from 'sent' to
 * 'accepted', so a quote becomes at most one order.
 */
export const quote = pgTable(
  'quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    /** Kept as they were when asked (the account may go; the quote and its order stay). */
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    /** The requester's company then: its members see it, and its terms pay for it. */
    companyId: uuid('company_id').references(() => company.id),
    /** Made once per request by the page: a retry of the same request finds this row. */
    requestKey: uuid('request_key').notNull(),
    status: text('status', { enum: quoteStatuses }).notNull().default('requested'),
    revision: integer('revision').notNull().default(0),
    source: text('source', { enum: quoteSources }).notNull(),
    projectId: uuid('project_id').references(() => project.id, { onDelete: 'set null' }),
    alternatesOk: boolean('alternates_ok').notNull().default(false),
    neededBy: date('needed_by'),
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason'),
    acceptedRevision: integer('accepted_revision'),
    orderId: uuid('order_id').references(() => order.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the buyer was told it expires in 3 days, and that it expired (each once). */
    expiringMailedAt: timestamp('expiring_mailed_at', { withTimezone: true }),
    expiredMailedAt: timestamp('expired_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_number_idx').on(t.number),
    uniqueIndex('quote_request_key_idx').on(t.requestedBy, t.requestKey),
    uniqueIndex('quote_order_id_idx').on(t.orderId),
    index('quote_company_id_idx').on(t.companyId),
    index('quote_status_idx').on(t.status, t.createdAt),
    check('quote_status_known', sql`${t.status} in ('requested', 'sent', 'accepted', 'declined')`),
    check('quote_accepted_has_order', sql`(${t.status} = 'accepted') = (${t.orderId} is not null)`),
  ],
);

/** A line asked for: a tool we list, or a part we do not (only its text). Never changed. */
export const quoteLine = pgTable(
  'quote_line',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    toolId: uuid('tool_id').references(() => tool.id),
    partText: text('part_text').notNull(),
    /** The quantities asked for, rising. */
    quantities: integer('quantities').array().notNull(),
    targetPriceCents: integer('target_price_cents'),
    customerRef: text('customer_ref'),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.lineNo] })],
);

/**
 * An answer as sent: written once and never changed (a trigger refuses UPDATE and DELETE), so
 * what the buyer saw is what they can accept. Expires at `expires_at`, the end of `valid_until` in
 * the seller's time zone, worked out when it was sent.
 */
export const quoteRevision = pgTable(
  'quote_revision',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quote.id),
    revision: integer('revision').notNull(),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: date('valid_until').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    freightCents: integer('freight_cents').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.revision] }),
    check('quote_revision_freight', sql`${t.freightCents} >= 0`),
    check('quote_revision_tax', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/** One offer of a revision for one line: a quantity at a price. Never changed (as its revision). */
export const quoteOffer = pgTable(
  'quote_offer',
  {
    quoteId: uuid('quote_id').notNull(),
    revision: integer('revision').notNull(),
    lineNo: integer('line_no').notNull(),
    offerNo: integer('offer_no').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tool.id),
    toolName: text('tool_name').notNull(),
    partNumber: text('part_number').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    leadTimeWeeks: integer('lead_time_weeks').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    multiple: integer('multiple').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.revision, t.lineNo, t.offerNo] }),
    foreignKey({
      columns: [t.quoteId, t.revision],
      foreignColumns: [quoteRevision.quoteId, quoteRevision.revision],
    }),
    check('quote_offer_price_positive', sql`${t.unitPriceCents} > 0`),
    check('quote_offer_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The thread on a quote: questions and answers, each mailed to the other side. */
export const quoteMessage = pgTable(
  'quote_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_message_quote_id_idx').on(t.quoteId, t.createdAt)],
);
