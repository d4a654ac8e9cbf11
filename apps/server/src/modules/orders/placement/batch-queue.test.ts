import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockThresholdOf } from '@voltforge/contract/low-stock';
import { cartLine } from '../../../db/schema/cart.ts';
import { mailOutbox } from '../../../db/schema/mail.ts';
import { order, orderLine } from '../../../db/schema/order.ts';
import { stockMovement, tool } from '../../../db/schema/tool.ts';
import {
  createTestApp,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../../../test/test-app.ts';
import { insertTool } from '../../../../test/shop-fixtures.ts';
import type { Db } from '../../../db/client.ts';
import { BatchQueue, refusedForItsData } from './batch-queue.ts';
import { readForOrder } from './read.ts';
import { placeBatchWith, type Placement, type PlacementRequest } from './reserve.ts';

type PricedTool = {
  id: string;
  name: string;
  partNumber: string;
  priceCents: number;
  minOrderQuantity?: number;
  lowStockThreshold?: number | null;
};

/** The tool's terms as the placement read gives them. */
async function termsOf(db: Db, toolId: string): Promise<string> {
  const state = await readForOrder(db, [toolId], randomUUID());
  return state.tools.get(toolId)?.terms ?? 'no such tool';
}

/** Order numbers for requests built here, far from the sequence's. */
let nextNumber = 90_000_000;

/**
 * A placement request as `placeOrder` builds it, for `who`: one line per tool given (1 piece at
 * the base price unless told), with the tools' terms as they are now.
 */
async function requestFor(
  db: Db,
  who: TestUser,
  lines: Array<{ tool: PricedTool; quantity?: number; unitPriceCents?: number }>,
  over: Partial<PlacementRequest> = {},
): Promise<PlacementRequest> {
  const id = randomUUID();
  const placed = await Promise.all(
    lines.map(async ({ tool: t, quantity = 1, unitPriceCents = t.priceCents }, i) => ({
      line_no: i + 1,
      tool_id: t.id,
      tool_name: t.name,
      part_number: t.partNumber,
      quantity,
      unit_price_cents: unitPriceCents,
      project_id: null,
      project_revision: null,
      project_name: null,
      customer_ref: null,
      terms: await termsOf(db, t.id),
      low_at: lowStockThresholdOf({
        lowStockThreshold: t.lowStockThreshold ?? null,
        minOrderQuantity: t.minOrderQuantity ?? 1,
      }),
      allocated: quantity,
      promised_on: null,
    })),
  );
  const goods = placed.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
  nextNumber += 1;
  return {
    order_id: id,
    number: nextNumber,
    user_id: who.id,
    customer_name: who.name,
    email: who.email,
    phone: '+44 20 7946 0000',
    address: `Batch Street ${id.slice(0, 4)}`,
    max_unpaid: 5,
    goods_cents: goods,
    shipping_cents: 0,
    tax_cents: 0,
    tax_rate_bp: 0,
    total_cents: goods,
    company: null,
    tax_id: null,
    po_number: null,
    company_id: null,
    billing_address: null,
    from_cart: false,
    shipping_mode: 'complete',
    today: new Date().toISOString().slice(0, 10),
    on_account: false,
    order_limit_cents: null,
    monthly_limit_cents: null,
    approval_id: null,
    approved_by: null,
    lines: placed,
    mail_subject: `Your order ${id}`,
    mail_html: `<p>Order ${id}</p>`,
    mail_text: `Order ${id}`,
    ...over,
  };
}

const placed = (wentLow: string[] = []) => ({ outcome: 'placed', went_low: wentLow });
const refused = (outcome: 'changed' | 'too_many_unpaid' | 'cart_changed') => ({
  outcome,
  went_low: null,
  created_at: null,
});

describe('BatchQueue (group commit)', () => {
  /** A fake database call that stays in flight until the test answers it. */
  function fakeCalls() {
    const calls: Array<{
      orders: PlacementRequest[];
      answer: (p: Placement[]) => void;
      fail: (e: Error) => void;
    }> = [];
    const placeBatch = (orders: PlacementRequest[]) =>
      new Promise<Placement[]>((resolve, reject) => {
        calls.push({ orders, answer: resolve, fail: reject });
      });
    return { calls, placeBatch };
  }
  const req = (n: number) => ({ order_id: `o${n}` }) as PlacementRequest;
  const answer = (orders: PlacementRequest[]): Placement[] =>
    orders.map((o) => ({
      outcome: 'placed',
      went_low: [],
      created_at: o.order_id.slice(1),
      credit_left_cents: null,
      owed_lines: null,
    }));
  const tick = () => new Promise((r) => setImmediate(r));

  it('sends the first order at once and those arriving meanwhile together, in arrival order', async () => {
    const { calls, placeBatch } = fakeCalls();
    const queue = new BatchQueue<PlacementRequest, Placement>(placeBatch, { maxBatch: 3 });
    const first = queue.submit(req(0));
    // No waiting for company: the call is made before the caller even yields.
    expect(calls.map((c) => c.orders.map((o) => o.order_id))).toEqual([['o0']]);

    const later = [1, 2, 3, 4, 5, 6, 7].map((n) => queue.submit(req(n)));
    expect(calls).toHaveLength(1);
    expect(queue.waiting).toBe(7);
    calls[0]!.answer(answer(calls[0]!.orders));
    expect((await first).created_at).toBe('0');
    await tick();
    // At most one call in flight; the next carries at most maxBatch orders.
    expect(calls.map((c) => c.orders.map((o) => o.order_id))).toEqual([['o0'], ['o1', 'o2', 'o3']]);
    calls[1]!.answer(answer(calls[1]!.orders));
    await tick();
    calls[2]!.answer(answer(calls[2]!.orders));
    await tick();
    calls[3]!.answer(answer(calls[3]!.orders));
    expect(calls.map((c) => c.orders.length)).toEqual([1, 3, 3, 1]);
    // Every caller gets its own answer.
    expect((await Promise.all(later)).map((p) => p.created_at)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(queue.waiting).toBe(0);
  });

  it('fails exactly the orders of a failed call, with its error, and goes on with the next', async () => {
    const { calls, placeBatch } = fakeCalls();
    let idle = 0;
    const queue = new BatchQueue<PlacementRequest, Placement>(placeBatch, {
      maxBatch: 2,
      onIdle: () => (idle += 1),
    });
    const first = queue.submit(req(0));
    const second = [queue.submit(req(1)), queue.submit(req(2))];
    const third = queue.submit(req(3));
    calls[0]!.answer(answer(calls[0]!.orders));
    await first;
    await tick();
    expect(calls[1]!.orders.map((o) => o.order_id)).toEqual(['o1', 'o2']);
    const lost = new Error('Connection terminated unexpectedly');
    calls[1]!.fail(lost);
    const outcomes = await Promise.allSettled(second);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
    // The order that waited behind the failed call goes next, unaffected.
    await tick();
    expect(calls[2]!.orders.map((o) => o.order_id)).toEqual(['o3']);
    const last = queue.submit(req(4));
    calls[2]!.answer(answer(calls[2]!.orders));
    expect((await third).outcome).toBe('placed');
    await tick();
    expect(calls[3]!.orders.map((o) => o.order_id)).toEqual(['o4']);
    expect(idle).toBe(0);
    calls[3]!.answer(answer(calls[3]!.orders));
    expect((await last).outcome).toBe('placed');
    await tick();
    expect(idle).toBe(1);
    expect(calls).toHaveLength(4);
  });

  it('sends each order of a call the database refused for its data again alone', async () => {
    const { calls, placeBatch } = fakeCalls();
    const queue = new BatchQueue<PlacementRequest, Placement>(placeBatch, {
      isolate: refusedForItsData,
    });
    const first = queue.submit(req(0));
    const batch = Promise.allSettled([1, 2, 3].map((n) => queue.submit(req(n))));
    calls[0]!.answer(answer(calls[0]!.orders));
    await first;
    await tick();
    const refusal = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
    });
    calls[1]!.fail(refusal);
    // One at a time, in arrival order; only the order the refusal is about fails.
    for (const [i, n] of [2, 3, 4].entries()) {
      await tick();
      expect(calls).toHaveLength(n + 1);
      const call = calls[n]!;
      expect(call.orders.map((o) => o.order_id)).toEqual([`o${i + 1}`]);
      if (i === 1) call.fail(refusal);
      else call.answer(answer(call.orders));
    }
    expect(
      (await batch).map((r) =>
        r.status === 'fulfilled' ? Number(r.value.created_at) : (r.reason as unknown),
      ),
    ).toEqual([1, refusal, 3]);
  });

  it('never sends again the orders of a call that failed otherwise (it may have committed)', async () => {
    const { calls, placeBatch } = fakeCalls();
    const queue = new BatchQueue<PlacementRequest, Placement>(placeBatch, {
      isolate: refusedForItsData,
    });
    const first = queue.submit(req(0));
    const batch = [queue.submit(req(1)), queue.submit(req(2))];
    calls[0]!.answer(answer(calls[0]!.orders));
    await first;
    await tick();
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    calls[1]!.fail(lost);
    expect(await Promise.allSettled(batch)).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
    await tick();
    expect(calls).toHaveLength(2);
  });

  it('fails an order the call gave no answer for, instead of leaving it waiting', async () => {
    const queue = new BatchQueue<PlacementRequest, Placement>(async (orders) =>
      answer(orders).slice(0, 1),
    );
    const a = queue.submit(req(0));
    const [b, c] = [queue.submit(req(1)), queue.submit(req(2))];
    await a;
    expect((await b).outcome).toBe('placed');
    await expect(c).rejects.toThrow('no answer for request 1');
  });
});

describe('voltforge_place_orders (migration 0012), one call', () => {
  let t: TestApp;
  let db: Db;
  let users: Record<'a' | 'b' | 'c' | 'd' | 'e', TestUser>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db;
    users = {
      a: await registerUser(t.app),
      b: await registerUser(t.app),
      c: await registerUser(t.app),
      d: await registerUser(t.app),
      e: await registerUser(t.app),
    };
  });
  afterAll(() => t.close());

  /** What the database holds for these orders: orders, lines, movements and mails, by order. */
  async function written(ids: string[]) {
    const orders = await db
      .select({ id: order.id, total: order.totalCents })
      .from(order)
      .where(inArray(order.id, ids));
    const lines = await db
      .select({
        id: orderLine.orderId,
        no: orderLine.lineNo,
        tool: orderLine.toolId,
        qty: orderLine.quantity,
        price: orderLine.unitPriceCents,
      })
      .from(orderLine)
      .where(inArray(orderLine.orderId, ids))
      .orderBy(asc(orderLine.lineNo));
    const moves = await db
      .select({ id: stockMovement.orderId, tool: stockMovement.toolId, delta: stockMovement.delta })
      .from(stockMovement)
      .where(inArray(stockMovement.orderId, ids))
      .orderBy(asc(stockMovement.orderId), asc(stockMovement.toolId));
    const mails = await db
      .select({ id: mailOutbox.orderId, to: mailOutbox.to, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(inArray(mailOutbox.orderId, ids));
    const sort = <T extends { id: string | null }>(rows: T[]) =>
      rows.sort((x, y) => ids.indexOf(x.id ?? '') - ids.indexOf(y.id ?? ''));
    return { orders: sort(orders), lines: sort(lines), moves: sort(moves), mails: sort(mails) };
  }

  async function stockOf(id: string) {
    const [row] = await db.select({ inStock: tool.inStock }).from(tool).where(eq(tool.id, id));
    return row?.inStock;
  }

  it('places the other orders of a call the database refuses because of one order', async () => {
    // Text the API refuses (plugins/unstorable-text.ts), put here straight into a placement: the
    // whole call's JSON is refused by the database, not just the one order.
    const { a, b, c } = users;
    const item = await insertTool(db, { inStock: 10, minOrderQuantity: 1 });
    const queue = new BatchQueue(placeBatchWith(db), { isolate: refusedForItsData });
    const [first, good1, bad, good2] = [
      await requestFor(db, a, [{ tool: item }]),
      await requestFor(db, b, [{ tool: item }]),
      await requestFor(db, c, [{ tool: item }], { address: 'Bench \u0000 Street' }),
      await requestFor(db, a, [{ tool: item }]),
    ];
    const answers = await Promise.allSettled(
      [first, good1, bad, good2].map((r) => queue.submit(r)),
    );
    expect(answers.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const refusal = answers[2];
    expect(refusal?.status === 'rejected' && refusedForItsData(refusal.reason)).toBe(true);
    const ids = [first, good1, good2].map((r) => r.order_id);
    const rows = await written([...ids, bad.order_id]);
    expect(rows.orders.map((o) => o.id)).toEqual(ids);
    expect(rows.moves.map((m) => m.id)).toEqual(ids);
    expect(await stockOf(item.id)).toBe(7);
  });

  it('places only while the terms it priced by still hold, at the unit price sent', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const breaks = [{ quantity: 10, unitPriceCents: 900 }];
    const item = await insertTool(db, {
      inStock: 100,
      minOrderQuantity: 5,
      priceCents: 1000,
      orderMultiple: 5,
      priceBreaks: breaks,
    });
    const atBreak = await requestFor(db, a, [{ tool: item, quantity: 10, unitPriceCents: 900 }]);
    const readBefore = await requestFor(db, b, [{ tool: item, quantity: 10, unitPriceCents: 900 }]);
    // The breaks change after the second buyer's read.
    await db
      .update(tool)
      .set({ priceBreaks: [{ quantity: 10, unitPriceCents: 850 }] })
      .where(eq(tool.id, item.id));
    const atBreakNow = await requestFor(db, a, [{ tool: item, quantity: 10, unitPriceCents: 850 }]);
    const answers = await placeBatchWith(db)([atBreak, readBefore, atBreakNow]);
    expect(answers).toMatchObject([refused('changed'), refused('changed'), placed()]);
    const [line] = await db.select().from(orderLine).where(eq(orderLine.toolId, item.id));
    expect(line).toMatchObject({ unitPriceCents: 850, quantity: 10, totalCents: 8500 });
  });

  it('answers each order of a mixed batch and writes exactly the accepted ones', async () => {
    const { a, b, c, d, e } = users;
    const hot = await insertTool(db, {
      inStock: 5,
      minOrderQuantity: 1,
      priceCents: 1000,
      lowStockThreshold: 2,
    });
    const other = await insertTool(db, { inStock: 10, minOrderQuantity: 1 });
    // c already holds one unpaid order.
    expect(await placeBatchWith(db)([await requestFor(db, c, [{ tool: other }])])).toMatchObject([
      placed(),
    ]);

    const batch = [
      await requestFor(db, a, [{ tool: hot, quantity: 2 }]), // fine: 5 → 3
      await requestFor(db, b, [{ tool: hot, quantity: 4 }]), // over the stock left (3)
      await requestFor(db, c, [{ tool: hot }], { max_unpaid: 1 }), // over c's unpaid limit
      await requestFor(db, d, [{ tool: hot }, { tool: other }]), // fine: hot 3 → 2 (low), other 9 → 8
      await requestFor(db, a, [{ tool: other }]), // fine: 8 → 7
      await requestFor(db, e, [{ tool: other }], { max_unpaid: 1 }), // e's first unpaid order
      await requestFor(db, e, [{ tool: other }], { max_unpaid: 1 }), // e's second, counted
      // Two lines, one short: nothing of it is reserved (other stays at 6).
      await requestFor(db, b, [{ tool: other }, { tool: hot, quantity: 3 }]),
      await requestFor(db, b, [{ tool: hot, quantity: 2 }]), // fine after all: 2 → 0
    ];
    const answers = await placeBatchWith(db)(batch);
    expect(answers).toMatchObject([
      placed(),
      refused('changed'),
      refused('too_many_unpaid'),
      // went_low is "at or below the threshold and not yet marked": the caller's
      // syncLowStock marks the tool once, however many orders say so.
      placed([hot.id]),
      placed(),
      placed(),
      refused('too_many_unpaid'),
      refused('changed'),
      placed([hot.id]),
    ]);
    // Each order keeps its own moment, in arrival order.
    const times = answers.filter((p) => p?.outcome === 'placed').map((p) => String(p?.created_at));
    expect(times.map((x) => new Date(x).getTime())).toEqual(
      [...times].map((x) => new Date(x).getTime()).sort((x, y) => x - y),
    );

    const accepted = [0, 3, 4, 5, 8].map((i) => batch[i]!);
    const ids = batch.map((r) => r.order_id);
    const rows = await written(ids);
    expect(rows.orders).toEqual(accepted.map((r) => ({ id: r.order_id, total: r.total_cents })));
    expect(rows.lines).toEqual(
      accepted.flatMap((r) =>
        r.lines.map((l) => ({
          id: r.order_id,
          no: l.line_no,
          tool: l.tool_id,
          qty: l.quantity,
          price: l.unit_price_cents,
        })),
      ),
    );
    // A stock movement per line (read back by tool).
    expect(rows.moves).toEqual(
      accepted.flatMap((r) =>
        [...r.lines]
          .sort((x, y) => (x.tool_id < y.tool_id ? -1 : 1))
          .map((l) => ({ id: r.order_id, tool: l.tool_id, delta: -l.quantity })),
      ),
    );
    expect(rows.mails).toEqual(
      accepted.map((r) => ({ id: r.order_id, to: r.email, kind: 'order_placed' })),
    );
    expect(await stockOf(hot.id)).toBe(0);
    expect(await stockOf(other.id)).toBe(6);
  });

  it('refuses an order whose total is not the sum of its lines, writing nothing', async () => {
    const item = await insertTool(db, { inStock: 10, minOrderQuantity: 1, priceCents: 500 });
    const bad = await requestFor(db, users.a, [{ tool: item, quantity: 2 }], { total_cents: 999 });
    await expect(placeBatchWith(db)([bad])).rejects.toSatisfy(refusedForItsData);
    expect((await written([bad.order_id])).orders).toEqual([]);
    expect(await stockOf(item.id)).toBe(10);
  });

  it('checks out a cart only while it holds the lines, and empties those lines', async () => {
    const buyer = await registerUser(t.app);
    const [x, y, z] = await Promise.all(
      [1, 2, 3].map(() => insertTool(db, { inStock: 50, minOrderQuantity: 1, priceCents: 200 })),
    );
    const addLine = (toolId: string, quantity: number) =>
      db.insert(cartLine).values({ userId: buyer.id, toolId, quantity, seenUnitPriceCents: 200 });
    await addLine(x!.id, 3);
    await addLine(y!.id, 4);
    await addLine(z!.id, 1); // added on another device after the checkout read: stays
    const lines = [
      { tool: x!, quantity: 3 },
      { tool: y!, quantity: 4 },
    ];
    const first = await requestFor(db, buyer, lines, { from_cart: true });
    const again = await requestFor(db, buyer, lines, { from_cart: true });
    // Checkout pressed twice: the same cart gives one order.
    const answers = await placeBatchWith(db)([first, again]);
    expect(answers).toMatchObject([placed(), refused('cart_changed')]);
    const left = await db
      .select({ tool: cartLine.toolId, qty: cartLine.quantity })
      .from(cartLine)
      .where(eq(cartLine.userId, buyer.id));
    expect(left).toEqual([{ tool: z!.id, qty: 1 }]);
    expect(await stockOf(x!.id)).toBe(47);
    expect(await stockOf(y!.id)).toBe(46);
    expect((await written([again.order_id])).orders).toEqual([]);
  });

  it('writes nothing of a batch when the database fails part-way through it', async () => {
    const { a, b, c } = users;
    const item = await insertTool(db, { inStock: 10, minOrderQuantity: 1 });
    // A mail row the database refuses, for the third order only: the first two are written by
    // then, and must be rolled back with it.
    const poisoned = `poison-${randomUUID().slice(0, 8)}@example.com`;
    await db.execute(
      sql.raw(`
      CREATE FUNCTION test_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."to" = '${poisoned}' THEN RAISE EXCEPTION 'mail server table is full'; END IF;
        RETURN NEW;
      END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_mail BEFORE INSERT ON mail_outbox
               FOR EACH ROW EXECUTE FUNCTION test_refuse_mail()`),
    );
    try {
      const batch = [
        await requestFor(db, a, [{ tool: item }]),
        await requestFor(db, b, [{ tool: item, quantity: 2 }]),
        await requestFor(db, c, [{ tool: item }], { email: poisoned }),
        await requestFor(db, a, [{ tool: item }]),
      ];
      await expect(placeBatchWith(db)(batch)).rejects.toThrow();
      expect(await written(batch.map((r) => r.order_id))).toEqual({
        orders: [],
        lines: [],
        moves: [],
        mails: [],
      });
      expect(await stockOf(item.id)).toBe(10);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_refuse_mail ON mail_outbox'));
      await db.execute(sql.raw('DROP FUNCTION test_refuse_mail()'));
    }
    // The same orders without the poison go through.
    expect(await placeBatchWith(db)([await requestFor(db, a, [{ tool: item }])])).toMatchObject([
      placed(),
    ]);
  });

  it('reads tools once for several accounts at once, each with its own unpaid count', async () => {
    const { a, b, d } = users;
    const item = await insertTool(db, { inStock: 10, minOrderQuantity: 2, priceCents: 700 });
    const unpaidOf = async (who: TestUser) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(order)
        .where(sql`${order.userId} = ${who.id} and ${order.status} = 'pending_payment'`);
      return row?.n;
    };
    // The first read goes alone; the three sent while it is in flight share the next one.
    const states = await Promise.all([
      readForOrder(db, [item.id], a.id),
      readForOrder(db, [item.id], b.id),
      readForOrder(db, [item.id], d.id),
      readForOrder(db, [item.id], b.id),
    ]);
    expect(states.map((s) => s.tools.get(item.id))).toEqual(
      Array(4).fill(
        expect.objectContaining({
          name: item.name,
          part_number: item.partNumber,
          price_cents: 700,
          in_stock: 10,
          min_order_quantity: 2,
          archived: false,
        }),
      ),
    );
    expect(states.map((s) => s.unpaid)).toEqual([
      await unpaidOf(a),
      await unpaidOf(b),
      await unpaidOf(d),
      await unpaidOf(b),
    ]);
    expect(new Set(states.map((s) => s.unpaid)).size).toBeGreaterThan(1);

    const missing = randomUUID();
    expect((await readForOrder(db, [missing, item.id], a.id)).tools.has(missing)).toBe(false);
  });
});
