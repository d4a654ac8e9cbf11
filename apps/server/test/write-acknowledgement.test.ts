import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Tool } from '@voltforge/contract/tool';
import { buildApp, type App } from '../src/app.ts';
import { WRITE_WAIT_BOUND_MS } from '../src/plugins/change-feed.ts';
import { insertTool } from './shop-fixtures.ts';
import {
  openTestDatabase,
  registerUser,
  request,
  testConfig,
  TEST_ORIGIN,
  until,
  type TestUser,
} from './test-app.ts';
import { freePort } from './free-port.ts';

// Only a real PostgreSQL database can be shared by two instances (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
/** What a write's own database work may add to the bound on a busy two-core machine. */
const SLACK_MS = 1000;

/** A second instance in a process of its own, so that it can be stopped with SIGSTOP. */
async function startInstance(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: TEST_ORIGIN,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      // Only the change notifications can refresh what this instance keeps.
      CATALOGUE_CACHE_TTL_MS: '60000',
      WEB_DIST_DIR: '/tmp/voltforge-no-web-build',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance B exited early:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`instance B did not become ready:\n${output}`);
}

describe.skipIf(!onPostgres)('writes while another instance is stopped (SIGSTOP)', () => {
  let a: App;
  let b: { child: ChildProcess; url: string };
  let admin: TestUser;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    if (!opened.url) throw new Error('expected a PostgreSQL database URL');
    a = await buildApp(testConfig(), { database: opened.database, logger: false });
    await a.ready();
    b = await startInstance(opened.url);
    admin = await registerUser(a, { role: 'admin' });
    close = async () => {
      b.child.kill('SIGCONT');
      b.child.kill('SIGKILL');
      await a.close();
      await opened.database.close();
      await opened.drop();
    };
  }, 120_000);
  afterAll(() => close?.());

  /** A restock on A, timed from the request to its answer. */
  const restock = async (id: string) => {
    const started = Date.now();
    const res = await request(a, {
      method: 'POST',
      url: `/api/tool/${id}/restock`,
      as: admin,
      payload: { quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    return Date.now() - started;
  };
  const stockOnB = async (id: string) =>
    ((await (await fetch(`${b.url}/api/tool/${id}`)).json()) as Tool).inStock;

  it('answers every write within the bound, and B catches up once it runs again', async () => {
    const { id } = await insertTool(a.db, { inStock: 10 });
    // B takes part: it keeps the tool, and a write on A is answered once B has forgotten it.
    expect(await stockOnB(id)).toBe(10);
    await restock(id);
    expect(await stockOnB(id)).toBe(11);

    b.child.kill('SIGSTOP');
    try {
      const waits: number[] = [];
      for (let i = 0; i < 4; i += 1) waits.push(await restock(id));
      for (const ms of waits) expect(ms).toBeLessThan(WRITE_WAIT_BOUND_MS + SLACK_MS);
      // The first write waited for B until the round's limit, which then counts B as gone; the
      // writes after it no longer wait for B at all.
      expect(waits[0]).toBeGreaterThanOrEqual(WRITE_WAIT_BOUND_MS / 2 - 50);
      for (const ms of waits.slice(1)) expect(ms).toBeLessThan(WRITE_WAIT_BOUND_MS / 2);
    } finally {
      b.child.kill('SIGCONT');
    }

    // B handles the notifications queued while it was stopped before anything else it reads.
    await until('B shows the stock written while it was stopped', async () => {
      return (await stockOnB(id)) === 15;
    });
  });
});
