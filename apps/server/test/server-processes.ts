import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/*
 * Real server processes for the tests that need several instances on one PostgreSQL database
 * (what the shop runs as behind a load balancer): started from the sources, nothing inherited.
 */

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/**
 * A server process on a shared PostgreSQL database, as one of several identical instances behind
 * a load balancer; `env` adds or overrides settings.
 */
export function startServer(
  databaseUrl: string,
  port: number,
  publicUrl: string,
  env: Record<string, string> = {},
): ServerProcess {
  let output = '';
  // Only what the server needs: nothing is inherited, so no developer setting leaks in.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: 'two-process-test-secret-0123456789abcdef',
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      MAX_UNPAID_ORDERS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

export async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${server.url} not ready in time:\n${server.output()}`);
}

export function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Signs a shopper up on one server process; answers the session cookie. */
export async function signUpOn(
  server: ServerProcess,
  publicUrl: string,
  name: string,
  email: string,
) {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ name, email, password: 'correct-horse-battery' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
