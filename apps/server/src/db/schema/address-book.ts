import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A buyer's saved delivery addresses (docs/architecture.md, "Data model"): at most one the
 * default (a unique index). Orders copy what they ship to, so nothing here is referenced by them.
 * Removing the account removes its addresses.
 */
export const savedAddress = pgTable(
  'saved_address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
  ],
);
