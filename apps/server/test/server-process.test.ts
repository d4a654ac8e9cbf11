import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

// The real entry point, as `npm start` runs it: config from the environment, PGlite in DATA_DIR.
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'voltforge-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
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

async function countRows(table: string): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
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
