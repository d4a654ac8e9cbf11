import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/**
 * Migrates once per run: a PGlite data-dir snapshot that each test file loads (fast), and on
 * PostgreSQL a template database each test file clones.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === 'postgres') {
    // A template per run and project, so runs sharing one PostgreSQL server never drop each
    // other's.
    const template = `voltforge_test_tpl_${process.pid}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: templateUrl.toString(),
      poolSize: 1,
    });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await client.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'voltforge-test-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
  await migrateDatabase(database);
  if (!database.pglite) throw new Error('expected PGlite');
  const snapshot = await database.pglite.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
