import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { demoAccounts } from '../src/db/demo-accounts.ts';
import { freePort } from './free-port.ts';

// The real entry point, as `npm start` runs it: config from the environment, PGlite in DATA_DIR.
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'voltforge-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const dir = env.DATA_DIR ?? dataDir;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // A first start creates, migrates and seeds the database: generous on a busy machine, since what
  // this test checks is the start itself and the shutdown, not how fast the machine is.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output}`);
}

function stop(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    child.kill('SIGTERM');
  });
}

async function countRows(table: string, dir = dataDir): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  const result = await database.pglite!.query<{ n: number }>(
    `select count(*)::int as n from "${table}"`,
  );
  await database.close();
  return result.rows[0]!.n;
}

describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  it('starts on PORT with DATA_DIR, seeds once, and exits 0 within 5 s on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const firstStop = await stop(first.child);
    expect(firstStop.code).toBe(0);
    expect(firstStop.ms).toBeLessThan(5_000);
    expect(first.output()).toContain('seeded the demo catalogue');
    expect(first.output()).not.toMatch(/"level":(50|60)/);
    const toolsAfterFirst = await countRows('tool');
    expect(toolsAfterFirst).toBeGreaterThanOrEqual(12);

    const second = await startServer(port);
    const secondStop = await stop(second.child);
    expect(secondStop.code).toBe(0);
    expect(second.output()).not.toContain('seeded the demo catalogue');
    expect(await countRows('tool')).toBe(toolsAfterFirst);
    expect(await countRows('user')).toBe(2);
  }, 240_000);
});

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the embedded default on an exposed address',
  () => {
    const exposedDir = mkdtempSync(join(tmpdir(), 'voltforge-exposed-'));
    afterAll(() => rmSync(exposedDir, { recursive: true, force: true }));

    it('with HOST=0.0.0.0 and no DEMO, creates no demo account and takes no test payment', async () => {
      const port = await freePort();
      const server = await startServer(port, { HOST: '0.0.0.0', DATA_DIR: exposedDir });
      const base = `http://127.0.0.1:${port}`;
      try {
        const demoSignIn = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
          body: JSON.stringify({
            email: demoAccounts.admin.email,
            password: demoAccounts.admin.password,
          }),
        });
        expect(demoSignIn.status).toBe(401);

        const config = await fetch(`${base}/api/payments/config`);
        expect(await config.json()).toMatchObject({ provider: 'none' });
        const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
          body: JSON.stringify({ name: 'Eve', email: 'eve@example.com', password: 'eve-password' }),
        });
        expect(signUp.status).toBe(200);
        const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
        const intent = await fetch(`${base}/api/create-payment-intent`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: `http://localhost:${port}`,
            cookie,
          },
          body: JSON.stringify({ orderId: '00000000-0000-4000-8000-000000000000' }),
        });
        expect(intent.status).toBe(503);
      } finally {
        expect((await stop(server.child)).code).toBe(0);
      }
      expect(server.output()).toContain(
        'no demo accounts and no test card payments (set DEMO=true to allow them)',
      );
      expect(await countRows('user', exposedDir)).toBe(1);
    }, 90_000);
  },
);
