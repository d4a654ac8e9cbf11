import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { approvalStatuses, type ApprovalSummary } from '@voltforge/contract/approval-rules';
import { user } from './auth.ts';
import { company } from './company.ts';
import { order } from './order.ts';

/**
 * A cart sent for approval (docs/payments.md, "Approvals"): over a buyer's limit, checkout keeps
 * the cart and asks the company's approvers. Bound to the fingerprint of what was asked for (the
 * lines, prices, totals, address, PO number and payment method): a trigger voids it when the
 * requester's cart changes, and approving places the cart only while its fingerprint is the same,
 * in the placement's transaction (which marks it approved, once).
 */
export const approval = pgTable(
  'approval',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: approvalStatuses }).notNull().default('pending'),
    fingerprint: text('fingerprint').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** What was asked for, as the approver reads it, and the checkout to place once approved. */
    summary: jsonb('summary').$type<ApprovalSummary>().notNull(),
    /** Why it was over the limit, in the requester's words (shown to approvers). */
    why: text('why').notNull(),
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => order.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_company_status_idx').on(t.companyId, t.status),
    index('approval_requested_by_idx').on(t.requestedBy),
    check('approval_status_known', sql`${t.status} in ('pending', 'approved', 'rejected', 'void')`),
  ],
);
