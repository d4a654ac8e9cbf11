import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import { mailOutbox } from '../../../db/schema/mail.ts';
import { order, orderLine } from '../../../db/schema/order.ts';
import { stockMovement, tool } from '../../../db/schema/tool.ts';
import {
  createTestApp,
  registerUser,
  request,
  until,
  type TestApp,
  type TestUser,
} from '../../../../test/test-app.ts';
import { insertTool } from '../../../../test/shop-fixtures.ts';
import { waitingPlacements } from './reserve.ts';

// Batches are made deterministic by holding an account's advisory lock (the one the placement
// function takes first) from another connection: the call carrying that account's order stays
// in flight, and the orders sent meanwhile queue for the next call. PGlite has one connection,
// so this runs on PostgreSQL; the batch's semantics on both are in placement-batch.test.ts.
const onPostgres = Boolean(inject('pgTemplate'));
const LOCK_CLASS = 7340022;

describe.skipIf(!onPostgres)('orders placed together in one call, over HTTP', () => {
  let t: TestApp;
  let blocker: pg.PoolClient;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1' });
    const pool = t.database.pool;
    if (!pool) throw new Error('expected PostgreSQL');
    blocker = await pool.connect();
  });
  afterAll(async () => {
    blocker.release();
    await t.close();
  });

  const place = (who: TestUser, toolId: string, quantity: number) =>
    request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: who,
      payload: { toolId, quantity, phone: '+44 20 7946 0000', address: `${who.name}'s bench` },
    });

  const hold = (who: TestUser) =>
    blocker.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, who.id]);
  const free = (who: TestUser) =>
    blocker.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, who.id]);

  /** The backend of a placement call waiting for an advisory lock, if any. */
  async function blockedCall(): Promise<number | undefined> {
    const { rows } = await blocker.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and wait_event = 'advisory' and query like '%voltforge_place_orders%'`,
    );
    return rows[0]?.pid;
  }

  /** Sends an order and waits until it is queued behind the call in flight; then its answer. */
  async function queue(who: TestUser, toolId: string, quantity: number) {
    const before = waitingPlacements(t.app.db, toolId);
    const answer = place(who, toolId, quantity);
    await until(`${who.name}'s order is queued`, () => {
      return waitingPlacements(t.app.db, toolId) === before + 1;
    });
    return { answer };
  }

  async function ledger(toolId: string) {
    const [row] = await t.app.db
      .select({ inStock: tool.inStock })
      .from(tool)
      .where(eq(tool.id, toolId));
    const orders = await t.app.db
      .select({ id: order.id, user: order.userId, price: orderLine.unitPriceCents })
      .from(order)
      .innerJoin(orderLine, eq(orderLine.orderId, order.id))
      .where(eq(orderLine.toolId, toolId));
    const ids = orders.map((o) => o.id);
    const [moved] = await t.app.db
      .select({ sum: sql<number>`coalesce(sum(${stockMovement.delta}), 0)::int` })
      .from(stockMovement)
      .where(eq(stockMovement.toolId, toolId));
    const mails =
      ids.length === 0
        ? []
        : await t.app.db
            .select({ id: mailOutbox.orderId })
            .from(mailOutbox)
            .where(inArray(mailOutbox.orderId, ids));
    return { inStock: row?.inStock, orders, movementSum: moved?.sum, mails: mails.length };
  }

  it('answers every order of a batch with mixed outcomes and writes exactly the accepted ones', async () => {
    const [z, a, u, b, c] = [
      await registerUser(t.app, { name: 'Zed Blocker' }),
      await registerUser(t.app, { name: 'Ann Stale' }),
      await registerUser(t.app, { name: 'Una Twice' }),
      await registerUser(t.app, { name: 'Ben Three' }),
      await registerUser(t.app, { name: 'Cai Toomany' }),
    ];
    const item = await insertTool(t.app.db, { inStock: 8, minOrderQuantity: 1, priceCents: 1000 });

    await hold(z);
    let zed: ReturnType<typeof place> | undefined;
    try {
      zed = place(z, item.id, 1);
      await until('the first call is in flight', async () => (await blockedCall()) !== undefined);
      const { answer: ann } = await queue(a, item.id, 1); // read at the old price
      await t.app.db.update(tool).set({ priceCents: 1200 }).where(eq(tool.id, item.id));
      const { answer: una1 } = await queue(u, item.id, 1);
      const { answer: una2 } = await queue(u, item.id, 1); // over Una's unpaid limit of 1
      const { answer: ben } = await queue(b, item.id, 3);
      const { answer: cai } = await queue(c, item.id, 5); // more than is left after Ben's
      expect(waitingPlacements(t.app.db, item.id)).toBe(5);
      await free(z);

      const [rz, ra, ru1, ru2, rb, rc] = await Promise.all([zed, ann, una1, una2, ben, cai]);
      // Zed's and Ann's orders were read before the price changed: tried again, at the new price.
      for (const [res, qty] of [
        [rz, 1],
        [ra, 1],
        [ru1, 1],
        [rb, 3],
      ] as const) {
        expect(res.statusCode).toBe(201);
        // Each under the free-shipping threshold: $7.50 shipping on top of the goods.
        expect(res.json<Order>()).toMatchObject({
          price: 12,
          quantity: qty,
          goodsTotal: 12 * qty,
          total: 12 * qty + 7.5,
        });
      }
      expect(ru2.statusCode).toBe(409);
      expect(ru2.json()).toEqual({
        error: { code: 'conflict', message: orderMessages.tooManyUnpaid(1) },
      });
      expect(rc.statusCode).toBe(409);
      expect(rc.json<{ error: { message: string } }>().error.message).toMatch(
        /^Only [2-4] left in stock$/,
      );

      const after = await ledger(item.id);
      expect(after.inStock).toBe(8 - 6);
      expect(after.movementSum).toBe(-6);
      expect(after.mails).toBe(4);
      expect(after.orders.map((o) => o.user).sort()).toEqual([z.id, a.id, u.id, b.id].sort());
      expect(after.orders.map((o) => o.price)).toEqual([1200, 1200, 1200, 1200]);
      const placedIds = [rz, ra, ru1, rb].map((r) => r.json<Order>()._id).sort();
      expect(after.orders.map((o) => o.id).sort()).toEqual(placedIds);
    } finally {
      await free(z);
      await zed;
    }
  });

  it('fails every order of a call whose connection is lost (503, try again), and writes none of them', async () => {
    const [z, y, a, b] = [
      await registerUser(t.app, { name: 'Zoe First' }),
      await registerUser(t.app, { name: 'Yan Held' }),
      await registerUser(t.app, { name: 'Abe Lost' }),
      await registerUser(t.app, { name: 'Bea Lost' }),
    ];
    const item = await insertTool(t.app.db, { inStock: 10, minOrderQuantity: 1 });

    await hold(z);
    await hold(y);
    try {
      const zoe = place(z, item.id, 1);
      await until('the first call is in flight', async () => (await blockedCall()) !== undefined);
      const lost = [
        (await queue(y, item.id, 1)).answer,
        (await queue(a, item.id, 2)).answer,
        (await queue(b, item.id, 1)).answer,
      ];
      await free(z);
      expect((await zoe).statusCode).toBe(201);
      // The second call now waits for Yan's lock, with some of its orders perhaps done already.
      let pid: number | undefined;
      await until('the second call is in flight', async () => {
        pid = await blockedCall();
        return pid !== undefined && waitingPlacements(t.app.db, item.id) === 0;
      });
      await blocker.query('select pg_terminate_backend($1)', [pid]);

      // Each buyer is told to try again in a moment (the pool has a new connection by then).
      for (const res of await Promise.all(lost)) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({
          error: {
            code: 'busy',
            message: 'The shop is busy right now. Please try again in a moment.',
          },
        });
      }
    } finally {
      await free(y);
      await free(z);
    }
    const after = await ledger(item.id);
    expect(after).toMatchObject({ inStock: 9, movementSum: -1, mails: 1 });
    expect(after.orders.map((o) => o.user)).toEqual([z.id]);

    // The shop goes on: the next order of one who got the error is placed.
    expect((await place(a, item.id, 2)).statusCode).toBe(201);
  });
});
