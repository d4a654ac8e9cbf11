import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { freePort } from '../../test/free-port.ts';
import { REDIS_DEGRADED_MODE } from './security.ts';

/*
 * A Redis that hangs (SIGSTOP: the connection stays open and nothing ever answers) must not hang
 * the shop: the rate limits count in the process within the command timeout, and /api/ready
 * says Redis is degraded. Each test starts its own redis-server, so the shared one is not touched.
 */
let redis: ChildProcess;
let redisPort: string;
let t: TestApp;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      probe.on('exit', (code) => resolve(code === 0));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

async function timed<T>(what: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await what();
  return { ms: performance.now() - started, result };
}

beforeAll(async () => {
  const port = await freePort();
  redisPort = String(port);
  redis = await startRedis(port);
  t = await createTestApp({ RATE_LIMIT: 'true', REDIS_URL: `redis://127.0.0.1:${port}` });
}, 30_000);

afterAll(async () => {
  redis.kill('SIGCONT');
  await t?.close();
  redis.kill('SIGKILL');
});

describe('a hung Redis', () => {
  it('leaves the API answering in well under a second, and /api/ready names Redis as degraded', async () => {
    const readiness = async () =>
      (await request(t.app, { method: 'GET', url: '/api/ready' })).json<unknown>();
    // Until the client has connected, Redis is reported degraded too.
    await expect.poll(readiness, { timeout: 5_000 }).toEqual({ status: 'ready' });

    redis.kill('SIGSTOP');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          timed(() => request(t.app, { method: 'GET', url: '/api/tool' })),
        ),
      );
      // The bound is what matters, not the speed: before the command timeout each of these
      // waited until Redis came back (20 s in the review).
      for (const { ms, result } of answers) {
        expect(result.statusCode).toBe(200);
        expect(ms).toBeLessThan(1_000);
      }

      const ready = await timed(() => request(t.app, { method: 'GET', url: '/api/ready' }));
      expect(ready.ms).toBeLessThan(5_000);
      expect(ready.result.statusCode).toBe(200);
      expect(ready.result.json()).toEqual({
        status: 'ready',
        degraded: [{ dependency: 'redis', mode: REDIS_DEGRADED_MODE }],
      });
    } finally {
      redis.kill('SIGCONT');
    }
    // Back: ready says nothing is degraded again.
    await expect
      .poll(
        async () => (await request(t.app, { method: 'GET', url: '/api/ready' })).json<unknown>(),
        {
          timeout: 5_000,
        },
      )
      .toEqual({ status: 'ready' });
  }, 30_000);
});

describe('a Redis that refuses writes (maxmemory reached)', () => {
  const redisCli = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const cli = spawn('redis-cli', ['-p', redisPort, ...args], { stdio: 'ignore' });
      cli.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`redis-cli ${code}`))));
    });
  const readiness = async () =>
    (await request(t.app, { method: 'GET', url: '/api/ready' })).json<unknown>();

  it('is named degraded by /api/ready while the API goes on answering', async () => {
    await expect.poll(readiness, { timeout: 5_000 }).toEqual({ status: 'ready' });
    // Redis answers PING and reads, and refuses every write with an OOM error.
    await redisCli('config', 'set', 'maxmemory', '1');
    try {
      await expect.poll(readiness, { timeout: 5_000 }).toEqual({
        status: 'ready',
        degraded: [{ dependency: 'redis', mode: REDIS_DEGRADED_MODE }],
      });
      const res = await request(t.app, { method: 'GET', url: '/api/tool' });
      expect(res.statusCode).toBe(200);
    } finally {
      await redisCli('config', 'set', 'maxmemory', '0');
    }
    await expect.poll(readiness, { timeout: 5_000 }).toEqual({ status: 'ready' });
  }, 30_000);
});
