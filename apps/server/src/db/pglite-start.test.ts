import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

const onPostgres = Boolean(inject('pgTemplate'));

// How openDatabase starts PGlite (db/client.ts, PGLITE_START_PARAMS): with a small shared-buffer
// pool, which PGlite zero-fills on every start, and with PGlite's own start-up settings kept.
// The PostgreSQL run has nothing to add: this test opens a PGlite database of its own.
describe.skipIf(onPostgres)('PGlite start-up settings', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'voltforge-pglite-start-'));
    database = await openDatabase({ kind: 'pglite', dataDir });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function setting(name: string): Promise<string> {
    const result = await database.pglite!.query<{ value: string }>(
      'select current_setting($1) as value',
      [name],
    );
    return result.rows[0]!.value;
  }

  it("opens with a 16 MB shared-buffer pool instead of PostgreSQL's default 128 MB", async () => {
    expect(await setting('shared_buffers')).toBe('16MB');
  });

  it("keeps PGlite's own start-up settings", async () => {
    expect(await setting('search_path')).toBe('public');
    expect(await setting('exit_on_error')).toBe('off');
    expect(await setting('max_parallel_workers')).toBe('0');
  });

  it('opens again on the same data directory with the same settings', async () => {
    await database.close();
    database = await openDatabase({ kind: 'pglite', dataDir });
    expect(await setting('shared_buffers')).toBe('16MB');
    expect((await database.pglite!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
