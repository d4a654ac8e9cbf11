import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from './client.ts';
import { migrationsFolder } from './migrate.ts';
import { findOrderRow, orderToJson } from '../modules/orders/order-row.ts';

const dir = mkdtempSync(join(tmpdir(), 'voltforge-order-lines-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations as they were before orders had lines (0000 to 0011). */
function migrationsBeforeOrderLines(): string {
  const folder = join(dir, 'drizzle');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.filter((e) => e.tag < '0012');
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the order-lines migration on an existing database', () => {
  it('makes every existing order a one-line order that reads exactly as before', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
    const db = drizzle(database.pglite!);
    await migrate(db, { migrationsFolder: migrationsBeforeOrderLines() });
    await db.execute(sql`
      INSERT INTO tool (id, name, part_number, description, image_url, category, price_cents)
      VALUES ('00000000-0000-4000-8000-000000000001', 'Bench Multimeter', 'VF-DM200', 'd',
              '/images/tools/vf-dm200-digital-multimeter.svg', 'c', 8950)`);
    await db.execute(sql`
      INSERT INTO "order" (id, customer_name, email, phone, address, tool_id, tool_name,
                           part_number, unit_price_cents, quantity, total_cents, status,
                           created_at)
      VALUES ('00000000-0000-4000-8000-0000000000a1', 'Ann', 'ann@example.com', '5550100',
              '1 Main St', '00000000-0000-4000-8000-000000000001', 'Bench Multimeter',
              'VF-DM200', 8500, 3, 25500, 'paid', '2026-10-01T10:00:00Z')`);

    await migrate(db, { migrationsFolder });

    const row = await findOrderRow(db as unknown as Db, '00000000-0000-4000-8000-0000000000a1');
    expect(row && orderToJson(row)).toMatchObject({
      order: 'Bench Multimeter',
      partNumber: 'VF-DM200',
      toolId: '00000000-0000-4000-8000-000000000001',
      price: 85,
      quantity: 3,
      total: 255,
      status: 'paid',
      createdAt: '2026-10-01T10:00:00.000Z',
      lines: [
        {
          toolId: '00000000-0000-4000-8000-000000000001',
          partNumber: 'VF-DM200',
          name: 'Bench Multimeter',
          quantity: 3,
          unitPrice: 85,
          lineTotal: 255,
        },
      ],
    });
  }, 120_000);
});
