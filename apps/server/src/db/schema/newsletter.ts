import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const newsletterSubscriber = pgTable('newsletter_subscriber', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
