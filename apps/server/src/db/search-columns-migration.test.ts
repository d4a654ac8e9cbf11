import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { toolListQuerySchema } from '@voltforge/contract/tool';
import type { Database } from './client.ts';
import { migrationsFolder } from './migrate.ts';
import { closestPartNumbers, searchTools } from '../modules/tools/tool-search.ts';
import { openEmptyDatabase } from '../../test/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'voltforge-search-columns-'));
let database: Database | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations as they were before the search columns were stored (0000 to 0017). */
function migrationsBeforeStoredColumns(): string {
  const folder = join(dir, 'drizzle');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.filter((e) => e.tag < '0018');
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function migrateTo(target: Database, folder: string) {
  if (target.pglite)
    await migratePglite(drizzlePglite(target.pglite), { migrationsFolder: folder });
  else await migratePg(drizzlePg(target.pool!), { migrationsFolder: folder });
}

describe('the stored search columns migration on an existing database', () => {
  it('computes the words and part-number key of the tools already there, which the search then finds', async () => {
    const empty = await openEmptyDatabase(join(dir, 'db'));
    database = empty.database;
    dropDatabase = empty.drop;
    const { db } = database;
    await migrateTo(database, migrationsBeforeStoredColumns());
    await db.execute(sql`
      INSERT INTO tool (name, part_number, description, image_url, category, price_cents)
      VALUES ('True-RMS Digital Multimeter', 'VF-DM200', 'A CAT III meter for panel work.',
              '/images/tools/a.webp', 'Measurement & Test', 8950),
             ('Ratchet Crimping Pliers', 'VF-CP8', 'Crimps insulated terminals.',
              '/images/tools/b.webp', 'Hand Tools', 2450)`);

    await migrateTo(database, migrationsFolder);

    const keys = (await db.execute(
      sql`SELECT part_number_key FROM tool ORDER BY part_number_key`,
    )) as {
      rows: unknown[];
    };
    expect(keys.rows).toEqual([{ part_number_key: 'vfcp8' }, { part_number_key: 'vfdm200' }]);
    const find = async (search: string) =>
      (await searchTools(db, toolListQuerySchema.parse({ search }))).items.map((t) => t.partNumber);
    expect(await find('multimeters')).toEqual(['VF-DM200']);
    expect(await find('crimper')).toEqual(['VF-CP8']);
    expect(await find('DM 200')).toEqual(['VF-DM200']);
    expect(await closestPartNumbers(db, ['VF-DM2O0'])).toEqual(
      new Map([['VF-DM2O0', ['VF-DM200']]]),
    );
    // A tool written after the migration gets its columns from PostgreSQL, not from the shop.
    await db.execute(sql`UPDATE tool SET name = 'Oscilloscope' WHERE part_number = 'VF-CP8'`);
    expect(await find('oscilloscopes')).toEqual(['VF-CP8']);
    // A fresh database migrated twice: slower than the tests that load the migrated snapshot.
  }, 120_000);
});
