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
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    index('review_created_at_idx').on(t.createdAt),
  ],
);
