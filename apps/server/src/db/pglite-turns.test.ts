import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const onPostgres = Boolean(inject('pgTemplate'));

/** One GET on a connection of its own (as a new visitor opens one); resolves with its status. */
function getOnNewConnection(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

// PGlite runs statements on the event loop's own thread (docs/architecture.md, "PGlite and the
// event loop"). On PostgreSQL the statements run in another process, so there is nothing to test.
describe.skipIf(onPostgres)('PGlite and the event loop', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // The catalogue answer stays cached for the whole test, so answering it needs no statement.
    t = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '60000' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('new visitors are let in and answered between the statements of a long database queue', async () => {
    expect(await getOnNewConnection(base, '/api/tool')).toBe(200);

    // Forty statements queued at once, each a few milliseconds of work for the database.
    let statementsLeft = 40;
    const queue = Promise.all(
      Array.from({ length: statementsLeft }, () =>
        t.database.db
          .execute(sql`select count(*) from generate_series(1, 100000)`)
          .then(() => (statementsLeft -= 1)),
      ),
    );
    // Ten visitors connect while the queue runs; each answer notes how much of it was left.
    const leftWhenAnswered = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const status = await getOnNewConnection(base, '/api/tool');
        return { status, left: statementsLeft };
      }),
    );
    await queue;

    // Before, the whole queue ran in one turn of the loop, and Node accepts one new connection
    // per turn: every visitor was answered only once the queue was done.
    for (const answer of leftWhenAnswered) {
      expect(answer.status).toBe(200);
      expect(answer.left).toBeGreaterThan(0);
    }
  });
});
