import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { company } from './company.ts';

/**
 * Saved delivery addresses (docs/architecture.md, "Data model"): a buyer's own, or a company's
 * that its members share; at most one of each book the default (a unique index). Orders copy
 * what they ship to, so nothing here is referenced by them. Removing the account (or company)
 * removes its addresses.
 */
export const savedAddress = pgTable(
  'saved_address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of the two owns the address. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_address_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_address_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('saved_address_company_id_idx').on(t.companyId, t.createdAt),
    uniqueIndex('saved_address_one_company_default_idx')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
    check('saved_address_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
  ],
);
