import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The channel on which a committed change to what the catalogue shows is announced. */
export const CATALOGUE_CHANNEL = 'voltforge_catalogue';

/**
 * Called inside every transaction that changes what the catalogue shows (stock, prices, tools):
 * PostgreSQL delivers the notification at commit, and not at all on rollback, to every instance's
 * catalogue cache.
 */
export async function announceCatalogueChange(db: Db | Tx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
