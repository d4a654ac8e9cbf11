import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

export const review = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    photoUrl: text('photo_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Hidden by an admin: gone from the home page and the average, kept for the record.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    index('review_created_at_idx').on(t.createdAt),
    // "Has this account reviewed in the last day?"
    index('review_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);
