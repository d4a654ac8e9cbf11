import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyRoles } from '@voltforge/contract/company-rules';
import { user } from './auth.ts';

/** A company account (docs/architecture.md, "Data model"): who its invoices are made out to. */
export const company = pgTable(
  'company',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    billingAddress: text('billing_address'),
    /** Every order of a member must carry a PO number. */
    poRequired: boolean('po_required').notNull().default(false),
    /** Buyers see every order of the company, not only their own. */
    buyersSeeAllOrders: boolean('buyers_see_all_orders').notNull().default(false),
    /**
     * Payment on account, granted by staff: invoices are due this many days after issue (15, 30 or
     * 60), and what is owed may not pass the credit limit. Null: members pay by card.
     */
    termsDays: integer('terms_days'),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_terms_known', sql`${t.termsDays} in (15, 30, 60)`),
    check('company_credit_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
  ],
);

/**
 * Who belongs to a company, and as what. The primary key is the person: one company each.
 * Removing the account removes the membership; removing a company is not offered.
 */
export const companyMember = pgTable(
  'company_member',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    role: text('role', { enum: companyRoles }).notNull(),
    /**
     * A buyer's limits, set by the company's admins (null: none): above the order limit, or when
     * the company's orders this month and this one pass the monthly limit, checkout asks an
     * approver instead of placing the order.
     */
    orderLimitCents: integer('order_limit_cents'),
    monthlyLimitCents: integer('monthly_limit_cents'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_member_company_id_idx').on(t.companyId),
    check('company_member_role_known', sql`${t.role} in ('admin', 'approver', 'buyer')`),
    check(
      'company_member_limits_not_negative',
      sql`${t.orderLimitCents} >= 0 and ${t.monthlyLimitCents} >= 0`,
    ),
  ],
);

/**
 * An invitation by e-mail: the link carries a random token, only its SHA-256 is kept; it works
 * once (`accepted_at`), until `expires_at`, for the address it was sent to.
 */
export const companyInvitation = pgTable(
  'company_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: companyRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('company_invitation_company_id_idx').on(t.companyId)],
);
