import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const newsletterSubscriber = pgTable('newsletter_subscriber', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Double opt-in: only an address whose owner followed the confirmation link counts.
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  // The secret in the confirmation and unsubscribe links; unsubscribing deletes the row.
  token: text('token').unique(),
});
