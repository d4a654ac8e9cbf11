import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountEventKinds } from '@voltforge/contract/user';
import { user } from './auth.ts';

/**
 * What staff did to an account and why, kept after it is undone (a lifted ban keeps its reason
 * here): one row per ban and unban, written in the transaction that makes the change.
 */
export const accountEvent = pgTable(
  'account_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: accountEventKinds }).notNull(),
    reason: text('reason'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_event_user_id_idx').on(t.userId, t.createdAt)],
);
