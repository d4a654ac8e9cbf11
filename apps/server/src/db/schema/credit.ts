import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creditEntryKinds } from '@voltforge/contract/credit-rules';
import { user } from './auth.ts';
import { company } from './company.ts';
import { invoice, order } from './order.ts';

/**
 * A payment received for an invoice on account (a bank transfer), recorded by staff. Σ of an
 * invoice's payments never passes its total (checked under the invoice's lock); the invoice is
 * paid when they are equal.
 */
export const invoicePayment = pgTable(
  'invoice_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoice.id),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    reference: text('reference'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payment_invoice_id_idx').on(t.invoiceId),
    check('invoice_payment_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The company's credit, as a ledger (docs/payments.md, "Payment on account"): rows are only
 * ever added (a trigger refuses UPDATE and DELETE). An order on account holds its total when
 * placed; a payment received settles part of it; a cancellation releases what was still owed.
 * What a company owes = Σ hold − Σ settle − Σ release; one hold and at most one release per order.
 */
export const creditEntry = pgTable(
  'credit_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    kind: text('kind', { enum: creditEntryKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The payment a settle row records. */
    paymentId: uuid('payment_id').references(() => invoicePayment.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entry_company_id_idx').on(t.companyId),
    uniqueIndex('credit_entry_one_hold_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'hold'`),
    uniqueIndex('credit_entry_one_release_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'release'`),
    check('credit_entry_amount_positive', sql`${t.amountCents} > 0`),
    check('credit_entry_kind_known', sql`${t.kind} in ('hold', 'settle', 'release')`),
  ],
);
