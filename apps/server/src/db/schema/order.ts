import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  jsonb,
} from 'drizzle-orm/pg-core';
import { orderStatuses } from '@voltforge/contract/order';
import { user } from './auth.ts';
import { tool } from './tool.ts';
import type { InvoiceSnapshot } from '@voltforge/contract/invoice';

export const order = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The short number people quote (`VF-10001`): from a sequence, so it may skip a value when a
     * placement rolls back; order numbers need only be unique (invoices are the gap-free ones).
     */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    // Orders outlive a removed user's account: they stay for the records.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** Σ of the lines' totals (docs/architecture.md, "Orders and their lines"). */
    goodsCents: integer('goods_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The tax rate the order was placed at, in basis points (825 = 8.25 %). */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** What the buyer is charged: goods + shipping + tax (contract charges.ts `orderCharges`). */
    totalCents: integer('total_cents').notNull(),
    /** The buyer's company and VAT/tax id as their profile had them when the order was placed. */
    company: text('company'),
    taxId: text('tax_id'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    paymentIntentId: text('payment_intent_id'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_total_not_negative', sql`${t.totalCents} >= 0`),
    check(
      'order_total_is_charges',
      sql`${t.totalCents} = ${t.goodsCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    uniqueIndex('order_number_idx').on(t.number),
    // "My orders, newest first": the composite serves both the filter and the sort.
    index('order_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('order_email_idx').on(t.email),
    index('order_status_idx').on(t.status),
    // An account's unpaid orders, counted for MAX_UNPAID_ORDERS by every placement: without it the
    // planner may AND the status index, which lists every unpaid order in the shop.
    index('order_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending_payment'`),
    index('order_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One line of an order: a tool and a quantity, with what the buyer was shown at checkout (name,
 * part number, unit price at that quantity), so the order reads the same whatever happens to the
 * tool later. An order has one line per tool (same-tool lines are summed before placing), in the
 * order the buyer listed them (`line_no` from 1).
 */
export const orderLine = pgTable(
  'order_line',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tool.id),
    toolName: text('tool_name').notNull(),
    partNumber: text('part_number').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    // Same-tool lines are summed before the stock check; two lines of one tool cannot exist.
    uniqueIndex('order_line_order_tool_idx').on(t.orderId, t.toolId),
    check('order_line_quantity_positive', sql`${t.quantity} > 0`),
    check('order_line_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    // The overview's top tools and the search by part number or name.
    index('order_line_tool_id_idx').on(t.toolId),
  ],
);

export type OrderLineRow = typeof orderLine.$inferSelect;

/**
 * An order as the services pass it around: its row, its lines in line order, and its invoice
 * (number and date) once paid.
 */
export type OrderRow = typeof order.$inferSelect & {
  lines: OrderLineRow[];
  invoice: { number: string; issuedAt: Date } | null;
};

/**
 * The counters of the numbers that must have no gaps (invoices, credit notes), one row per kind
 * and calendar year. A number is taken by an UPDATE of this row in the transaction that issues
 * the document, so a rollback gives it back and concurrent issuers queue on the row
 * (docs/payments.md, "Numbering").
 */
export const documentCounter = pgTable(
  'document_counter',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * An invoice: issued once per order, the moment it is paid, in the same transaction. `snapshot`
 * holds everything it says (seller, buyer, lines, charges, payment) and never changes; its PDF is
 * rendered from it.
 */
export const invoice = pgTable(
  'invoice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    snapshot: jsonb('snapshot').$type<InvoiceSnapshot>().notNull(),
  },
  (t) => [
    uniqueIndex('invoice_number_idx').on(t.number),
    uniqueIndex('invoice_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('invoice_order_id_idx').on(t.orderId),
  ],
);
