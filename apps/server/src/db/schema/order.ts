import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
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
import { orderStatuses, paymentMethods, shippingModes } from '@voltforge/contract/order-rules';
import { tool } from './tool.ts';
import type { CreditNoteSnapshot, InvoiceSnapshot } from '@voltforge/contract/invoice-rules';
import type { Refund } from '@voltforge/contract/refund';
import { refundStatuses } from '@voltforge/contract/refund-rules';
import { user } from './auth.ts';
import { company } from './company.ts';

/**
 * Bytes (PostgreSQL's bytea) as a Buffer: node-postgres reads them as one, PGlite as a
 * Uint8Array.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

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
    /**
     * Who the invoice is made out to: the company and VAT/tax id given at checkout, else the
     * buyer's profile's when the order was placed.
     */
    company: text('company'),
    taxId: text('tax_id'),
    /** The buyer's purchase-order number, given at checkout (at most 35 characters). */
    poNumber: text('po_number'),
    /**
     * The company the order was placed for, kept when the buyer later leaves it; and the address
     * its invoice is made out to when that is not where it ships (a copy, as the address is).
     */
    companyId: uuid('company_id').references(() => company.id),
    /** Who approved it, when the buyer's limit sent it for approval (`approval`). */
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    billingAddress: text('billing_address'),
    /**
     * 'complete': one shipment when every piece is there; 'as_available': what is in stock now,
     * the back-ordered rest as it arrives (docs/payments.md, "Back-orders").
     */
    shippingMode: text('shipping_mode', { enum: shippingModes }).notNull().default('complete'),
    /** Named by the admin who marked it shipped (optional); a shipment's own are on `shipment`. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    /** 'card' (paid before it ships) or 'account' (placed on the company's terms: invoiced at once). */
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('card'),
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
    check('order_po_number_length', sql`char_length(${t.poNumber}) <= 35`),
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
    // A company's orders, newest first.
    index('order_company_id_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
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
    /**
     * The project revision the line was bought from and the project's name then, or null: a
     * record, like the tool's name, so it outlives the project (docs/architecture.md, "Projects").
     */
    projectId: uuid('project_id'),
    projectRevision: integer('project_revision'),
    projectName: text('project_name'),
    /** The buyer's own part number / reference, shown on the order, to staff and on the invoice. */
    customerRef: text('customer_ref'),
    /*
     * Where each piece of the line stands (docs/payments.md, "Back-orders"): shipped, allocated
     * (in stock, set aside for it), back-ordered (owed, due by `promised_on`) or cancelled; they
     * always add up to the quantity. `returned`: shipped pieces that came back to stock.
     */
    allocated: integer('allocated').notNull().default(0),
    backordered: integer('backordered').notNull().default(0),
    shipped: integer('shipped').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    /** When the back-ordered pieces are due (the shop's calendar day); null when none are owed. */
    promisedOn: date('promised_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    // Same-tool lines are summed before the stock check; two lines of one tool cannot exist.
    uniqueIndex('order_line_order_tool_idx').on(t.orderId, t.toolId),
    check('order_line_quantity_positive', sql`${t.quantity} > 0`),
    check('order_line_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check(
      'order_line_pieces_add_up',
      sql`${t.allocated} >= 0 and ${t.backordered} >= 0 and ${t.shipped} >= 0 and ${t.cancelled} >= 0 and ${t.quantity} = ${t.shipped} + ${t.allocated} + ${t.backordered} + ${t.cancelled}`,
    ),
    check('order_line_returned_shipped', sql`${t.returned} between 0 and ${t.shipped}`),
    check('order_line_promised', sql`(${t.backordered} = 0) = (${t.promisedOn} is null)`),
    // A tool's back-orders, oldest first: what a receipt allocates and a new order queues behind.
    index('order_line_backordered_idx')
      .on(t.toolId)
      .where(sql`${t.backordered} > 0`),
    // The overview's top tools and the search by part number or name.
    index('order_line_tool_id_idx').on(t.toolId),
    // A project's last order.
    index('order_line_project_id_idx')
      .on(t.projectId)
      .where(sql`${t.projectId} is not null`),
  ],
);

export type OrderLineRow = typeof orderLine.$inferSelect;

/**
 * A shipment of an order: some pieces of some of its lines, with the carrier and tracking number
 * (docs/payments.md, "Back-orders"). `number` counts an order's shipments from 1.
 */
export const shipment = pgTable(
  'shipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Cancelled by staff before it left (a label voided, a pickup missed): its pieces went back
     * from shipped to set aside for their lines. It keeps its number; it is never deleted.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('shipment_order_number_idx').on(t.orderId, t.number)],
);

/** The pieces of one order line a shipment carries. */
export const shipmentLine = pgTable(
  'shipment_line',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipment.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineNo] }),
    check('shipment_line_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * An order as the services pass it around: its row, its lines in line order, and its invoice
 * (number and date) once paid.
 */
export type OrderRow = typeof order.$inferSelect & {
  lines: OrderLineRow[];
  invoice: { number: string; issuedAt: Date; dueAt: Date | null; paidAt: Date | null } | null;
  /** Every refund asked for, oldest first, with its credit note once it succeeded. */
  refunds: Refund[];
  /** The quote it was accepted from (read with the order; absent while it is being placed). */
  quote?: { id: string; number: string; revision: number } | null;
  /** What has shipped, oldest first (absent while it is being placed). */
  shipments?: ShipmentRow[];
};

/** A shipment as an order carries it: its pieces by line. */
export interface ShipmentRow {
  number: number;
  carrier: string | null;
  trackingNumber: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  lines: Array<{ lineNo: number; quantity: number }>;
}

/**
 * The counters of the numbers that must have no gaps (invoices, credit notes; quotes too), one row per kind
 * and calendar year. A number is taken by an UPDATE of this row in the transaction that issues
 * the document, so a rollback gives it back and concurrent issuers queue on the row
 * (docs/payments.md, "Numbering").
 */
export const documentCounter = pgTable(
  'document_counter',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note', 'quote'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * An invoice: issued once per order, the moment it is paid, in the same transaction. `snapshot`
 * holds everything it says (seller, buyer, lines, charges, payment) and never changes; its PDF is
 * rendered from it once, on first need, and kept in `pdf` (docs/payments.md, "Invoices").
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
    /** The PDF rendered from the snapshot; written once, by the first renderer to finish. */
    pdf: bytea('pdf'),
    /**
     * On account: when it falls due (issued + the company's terms). Null when paid at issue.
     * `paid_at` is when the payments received reached the total (at issue for a card).
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The reminder mails sent, each once: a few days before the due date, and after it. */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedAfterAt: timestamp('reminded_after_at', { withTimezone: true }),
  },
  (t) => [
    // The open invoices on account, by due date (the reminders' sweep, staff's overdue list).
    index('invoice_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.paidAt} is null`),
    uniqueIndex('invoice_number_idx').on(t.number),
    uniqueIndex('invoice_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('invoice_order_id_idx').on(t.orderId),
  ],
);

/**
 * A refund of (part of) a paid order: asked for by an admin (or made in the payment provider's
 * dashboard and reported by webhook), sent to the provider, and counted as refunded only once the
 * provider confirms it (docs/payments.md, "Refunds and credit notes"). A pending refund counts
 * against what can still be refunded, so two refunds at once can never return more than was
 * captured; a failed one counts for nothing.
 */
export const refund = pgTable(
  'refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    /** Refunded pieces per order line. */
    lines: jsonb('lines')
      .$type<Array<{ lineNo: number; quantity: number; amountCents: number }>>()
      .notNull(),
    shipping: boolean('shipping').notNull(),
    goodsCents: integer('goods_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    restock: boolean('restock').notNull(),
    reason: text('reason').notNull(),
    /** Who asked for it (null: made at the provider and reported by webhook). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The provider's refund id, once it answered: a webhook about it is matched by it. */
    providerRefundId: text('provider_refund_id'),
    /** The provider's words for a failed refund, or why it is still pending. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('refund_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'refund_amount_is_parts',
      sql`${t.amountCents} = ${t.goodsCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    index('refund_order_id_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refund_provider_refund_id_idx').on(t.providerRefundId),
  ],
);

/** A credit note: issued once per succeeded refund, in the transaction that records it. */
export const creditNote = pgTable(
  'credit_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refund.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    snapshot: jsonb('snapshot').$type<CreditNoteSnapshot>().notNull(),
    /** The PDF rendered from the snapshot; written once, by the first renderer to finish. */
    pdf: bytea('pdf'),
  },
  (t) => [
    uniqueIndex('credit_note_number_idx').on(t.number),
    uniqueIndex('credit_note_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('credit_note_refund_id_idx').on(t.refundId),
    index('credit_note_order_id_idx').on(t.orderId),
  ],
);

export type RefundRow = typeof refund.$inferSelect;
