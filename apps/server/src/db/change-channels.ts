import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * The channels on which committed changes are announced to every instance sharing the database
 * (docs/architecture.md, "Caches and change notifications"). PostgreSQL delivers a notification
 * at commit, and not at all on rollback.
 */
// Also named in migration 0007 (order placement announces its stock change itself).
export const CATALOGUE_CHANNEL = 'voltforge_catalogue';
/**
 * Sent by database triggers (migration 0006) with a user's id whenever that user's account,
 * sessions, profile or orders change, however the change is made.
 */
export const USER_CHANNEL = 'voltforge_user';
/** Used by an instance to learn that it has received every notification committed before. */
export const SYNC_CHANNEL = 'voltforge_sync';

export const CHANGE_CHANNELS = [CATALOGUE_CHANNEL, USER_CHANNEL, SYNC_CHANNEL] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/**
 * Called inside every transaction that changes what the catalogue shows (stock, prices, tools),
 * so every instance's catalogue cache forgets what it kept.
 */
export async function announceCatalogueChange(db: Db | Tx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
