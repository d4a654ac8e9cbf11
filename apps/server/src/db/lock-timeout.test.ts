import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orderLine } from './schema/order.ts';
import { isConnectionLost } from './sql-state.ts';
import { stockMovement, tool } from './schema/tool.ts';
import {
  createTestApp,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { insertTool } from '../../test/shop-fixtures.ts';

// A row held by a transaction that never ends (another instance hung mid-transaction, a manual
// session left open) must not hang the requests that need it (docs/architecture.md §6,
// "Connection limits"). PGlite has one connection, so nothing else can hold a row there.
const onPostgres = Boolean(inject('pgTemplate'));
const LOCK_TIMEOUT_MS = 300;

describe.skipIf(!onPostgres)('a request behind a row that stays locked', () => {
  let t: TestApp;
  let holder: pg.PoolClient;
  let buyer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { lockTimeoutMs: LOCK_TIMEOUT_MS });
    const pool = t.database.pool;
    if (!pool) throw new Error('expected PostgreSQL');
    holder = await pool.connect();
    buyer = await registerUser(t.app);
    admin = await registerUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    holder.release();
    await t.close();
  });

  const place = (toolId: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: buyer,
      payload: { toolId, quantity: 2, phone: '+44 20 7946 0000', address: '1 Bench Street' },
    });

  it('is answered 503 "busy" with nothing written, and goes through once the row is free', async () => {
    const made = await insertTool(t.database.db, { inStock: 10, minOrderQuantity: 1 });
    await holder.query('begin');
    await holder.query('select in_stock from tool where id = $1 for update', [made.id]);
    try {
      const started = Date.now();
      const refused = await place(made.id);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toEqual({
        error: {
          code: 'busy',
          message: 'The shop is busy right now. Please try again in a moment.',
        },
      });
      expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS + 2_000);

      const restock = await request(t.app, {
        method: 'POST',
        url: `/api/tool/${made.id}/restock`,
        payload: { quantity: 5 },
        as: admin,
      });
      expect(restock.statusCode).toBe(503);
      expect(restock.json()).toMatchObject({ error: { code: 'busy' } });
    } finally {
      await holder.query('rollback');
    }

    const written = async () => ({
      stock: (
        await t.database.db.select({ inStock: tool.inStock }).from(tool).where(eq(tool.id, made.id))
      )[0]?.inStock,
      orders: (await t.database.db.select().from(orderLine).where(eq(orderLine.toolId, made.id)))
        .length,
      movements: (
        await t.database.db.select().from(stockMovement).where(eq(stockMovement.toolId, made.id))
      ).length,
    });
    expect(await written()).toEqual({ stock: 10, orders: 0, movements: 0 });

    expect((await place(made.id)).statusCode).toBe(201);
    expect(await written()).toEqual({ stock: 8, orders: 1, movements: 1 });
  });
});

describe.skipIf(!onPostgres)('a request whose database connection is terminated under it', () => {
  let t: TestApp;
  let holder: pg.PoolClient;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { lockTimeoutMs: 10_000 });
    const pool = t.database.pool;
    if (!pool) throw new Error('expected PostgreSQL');
    holder = await pool.connect();
    admin = await registerUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    holder.release();
    await t.close();
  });

  it('is answered 503 "busy" with Retry-After, not 500, and goes through when repeated', async () => {
    const made = await insertTool(t.database.db, { inStock: 10, minOrderQuantity: 1 });
    const restock = () =>
      request(t.app, {
        method: 'POST',
        url: `/api/tool/${made.id}/restock`,
        payload: { quantity: 5 },
        as: admin,
      });
    await holder.query('begin');
    await holder.query('select in_stock from tool where id = $1 for update', [made.id]);
    try {
      // The restock waits for the row; its backend is terminated while it waits (an operator,
      // a failover), as pg_terminate_backend does to every connection of a restarting database.
      const answer = restock();
      let terminated = 0;
      for (let i = 0; i < 100 && terminated === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await holder.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        terminated = rows[0]?.n ?? 0;
      }
      expect(terminated).toBe(1);
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ error: { code: 'busy' } });
    } finally {
      await holder.query('rollback');
    }
    const stock = async () =>
      (
        await t.database.db.select({ inStock: tool.inStock }).from(tool).where(eq(tool.id, made.id))
      )[0]?.inStock;
    expect(await stock()).toBe(10);
    expect((await restock()).statusCode).toBe(200);
    expect(await stock()).toBe(15);
  });
});

describe.skipIf(!onPostgres)(
  'a transaction whose connection is terminated between statements',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({});
    });
    afterAll(async () => {
      await t.close();
    });

    it('fails as a lost connection, which the error handler answers 503, not as an unknown error', async () => {
      const pool = t.database.pool;
      if (!pool) throw new Error('expected PostgreSQL');
      const killer = await pool.connect();
      let failure: unknown;
      try {
        await t.database.db.transaction(async (tx) => {
          const own = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          const pid = (own as { rows: Array<{ pid: number }> }).rows[0]!.pid;
          await killer.query('select pg_terminate_backend($1)', [pid]);
          // The next statement of the transaction meets the connection the server ended.
          await new Promise((resolve) => setTimeout(resolve, 100));
          await tx.execute(sql`select 1`);
        });
      } catch (error) {
        failure = error;
      } finally {
        killer.release();
      }
      expect(failure).toBeInstanceOf(Error);
      expect(isConnectionLost(failure)).toBe(true);
    });
  },
);
