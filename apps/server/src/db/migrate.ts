import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * apps/server/drizzle, found by walking up from this module: the sources run from src/db/ and the
 * compiled server from dist/, at different depths.
 */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The migrations folder (apps/server/drizzle) is missing.');
    dir = parent;
  }
}

export const migrationsFolder = findMigrationsFolder();

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 7_340_021;

/**
 * Applies pending migrations. On PostgreSQL several instances may start at once, so the work
 * runs on one connection holding an advisory lock: the others wait, then find nothing to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its client');
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL database without its pool');
  const client: pg.PoolClient = await database.pool.connect();
  try {
    // The connection's lock_timeout (db/client.ts) is for requests: an instance waits here for
    // another one's migrations, and a migration for the locks of the tables it changes.
    await client.query('set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    // Closed, not returned: its lock_timeout must not reach a request.
    client.release(true);
  }
}
