import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { migrationsFolder } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'voltforge-backfill-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations as they were before part numbers: the first two. */
function migrationsBeforePartNumbers(): string {
  const folder = join(dir, 'drizzle');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, 2);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the part-number migration on an existing database', () => {
  it('gives existing tools unique part numbers (from the catalogue picture, else the id) and their orders a copy', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
    const db = drizzle(database.pglite!);
    await migrate(db, { migrationsFolder: migrationsBeforePartNumbers() });
    await db.execute(sql`
      INSERT INTO tool (id, name, description, image_url, category, price_cents, created_at) VALUES
      ('00000000-0000-4000-8000-000000000001', 'Multimeter', 'd', '/images/tools/vf-dm200-digital-multimeter.svg', 'c', 100, '2026-01-01'),
      ('00000000-0000-4000-8000-000000000002', 'Multimeter copy', 'd', '/images/tools/vf-dm200-digital-multimeter.svg', 'c', 100, '2026-01-02'),
      ('00000000-0000-4000-8000-000000000003', 'Own photo', 'd', 'https://example.com/a.png', 'c', 100, '2026-01-03'),
      ('abcdef12-0000-4000-8000-000000000004', 'Third multimeter', 'd', '/images/tools/vf-dm200-digital-multimeter.svg', 'c', 100, '2026-01-04')
    `);
    await db.execute(sql`
      INSERT INTO "order" (customer_name, email, phone, address, tool_id, tool_name, unit_price_cents, quantity, total_cents)
      VALUES ('Ann', 'ann@example.com', '5550100', '1 Main St', '00000000-0000-4000-8000-000000000002', 'Multimeter copy', 100, 2, 200)
    `);
    await migrate(db, { migrationsFolder });
    const result = await db.execute<{ name: string; part_number: string }>(
      sql`SELECT name, part_number FROM tool ORDER BY created_at`,
    );
    expect(result.rows).toEqual([
      { name: 'Multimeter', part_number: 'VF-DM200' },
      { name: 'Multimeter copy', part_number: 'VF-DM200-2' },
      { name: 'Own photo', part_number: 'VF-00000000' },
      { name: 'Third multimeter', part_number: 'VF-DM200-3' },
    ]);
    // The order keeps its copy through every later migration (today on its line, since 0012).
    const orders = await db.execute<{ part_number: string }>(
      sql`SELECT part_number FROM order_line`,
    );
    expect(orders.rows).toEqual([{ part_number: 'VF-DM200-2' }]);
    await expect(
      db.execute(sql`
        INSERT INTO tool (name, part_number, description, image_url, category, price_cents)
        VALUES ('Clash', 'vf-dm200', 'd', 'https://example.com/b.png', 'c', 100)`),
    ).rejects.toThrow();
    // A fresh database migrated twice: slower than the tests that load the migrated snapshot.
  }, 120_000);
});
