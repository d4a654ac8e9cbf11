import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** The profile form's fields, 1:1 with a user. Name and photo live on the user row. */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  about: text('about'),
  education: text('education'),
  profession: text('profession'),
  address: text('address'),
  linkedin: text('linkedin'),
  /** Optional, for business buyers: copied onto each order they place (never changed after). */
  company: text('company'),
  taxId: text('tax_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
