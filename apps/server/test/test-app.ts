import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config, type Env } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { user } from '../src/db/schema/auth.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database for this test file: PGlite from the migrated snapshot, or a cloned PostgreSQL database. */
export async function openTestDatabase(opts: { lockTimeoutMs?: number } = {}): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `voltforge_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 20,
      lockTimeoutMs: opts.lockTimeoutMs,
    });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const database = await openDatabase({ kind: 'pglite-snapshot', snapshot });
  return { database, drop: async () => undefined };
}

/**
 * An empty database of the suite's kind, no migration applied, for a test that migrates it step
 * by step: PGlite in `dataDir`, or a new PostgreSQL database, dropped by `drop`.
 */
export async function openEmptyDatabase(dataDir: string): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') {
    return { database: await openDatabase({ kind: 'pglite', dataDir }), drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `voltforge_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(env: Env = {}): Config {
  return loadConfig({
    DATA_DIR: '/tmp/voltforge-unused',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: TEST_ORIGIN,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/tmp/voltforge-no-web-build',
    ...env,
  });
}

export async function createTestApp(
  env: Env = {},
  options: Pick<BuildOptions, 'serverRenderer'> & { lockTimeoutMs?: number } = {},
): Promise<TestApp> {
  const { lockTimeoutMs, ...buildOptions } = options;
  const { database, drop } = await openTestDatabase({ lockTimeoutMs });
  const config = testConfig(env);
  const app = await buildApp(config, { ...buildOptions, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;

/** Registers through the real sign-up endpoint and returns the session cookie. */
export async function registerUser(
  app: App,
  opts: { name?: string; email?: string; password?: string; role?: 'admin' | 'user' } = {},
): Promise<TestUser> {
  counter += 1;
  const name = opts.name ?? `Test User ${counter}`;
  const email = opts.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? 'correct-horse-battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string } }>();
  if (opts.role === 'admin') {
    await app.db.update(user).set({ role: 'admin' }).where(eq(user.id, body.user.id));
  }
  return { id: body.user.id, name, email, password, cookie: sessionCookie(res) };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** app.inject as a browser would send it: same origin, with the user's cookie if given. */
export function request(
  app: App,
  opts: InjectOptions & { as?: TestUser | null },
): Promise<LightMyRequestResponse> {
  const { as, headers, ...rest } = opts;
  return app.inject({
    ...rest,
    headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}), ...headers },
  });
}

/** Waits until `check` holds (polling every 10 ms), failing with `what` after 10 s. */
export async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
