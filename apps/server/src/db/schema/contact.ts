import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactTopics } from '@voltforge/contract/contact-rules';

/** Messages sent from the support and design-service contact forms. */
export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  topic: text('topic', { enum: contactTopics }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Set when an admin marks the message read on the Inbox page.
  readAt: timestamp('read_at', { withTimezone: true }),
});
