import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import { order } from '../../db/schema/order.ts';
import { tool } from '../../db/schema/tool.ts';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

// The default limit (MAX_UNPAID_ORDERS=5): tests here use the configuration a shop starts with.
const LIMIT = 5;
const tooMany = {
  error: { code: 'conflict', message: orderMessages.tooManyUnpaid(LIMIT) },
};

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const body = (toolId: string, i: number) => ({
  toolId,
  quantity: 1,
  phone: '+44 20 7946 0000',
  address: `Unpaid Street ${i}`,
});

const place = (who: TestUser, toolId: string, i: number) =>
  request(t.app, { method: 'POST', url: '/api/order', as: who, payload: body(toolId, i) });

async function stockOf(toolId: string): Promise<number | undefined> {
  const [row] = await t.app.db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(eq(tool.id, toolId));
  return row?.inStock;
}

async function ordersOf(who: TestUser): Promise<number> {
  return (await t.app.db.select().from(order).where(eq(order.userId, who.id))).length;
}

describe(`at most ${LIMIT} unpaid orders per account`, () => {
  it('refuses the sixth with a message pointing to My Orders, and takes no stock for it', async () => {
    const shopper = await registerUser(t.app);
    const { id } = await insertTool(t.app.db, { inStock: 100, minOrderQuantity: 1 });
    for (let i = 0; i < LIMIT; i += 1) expect((await place(shopper, id, i)).statusCode).toBe(201);

    const refused = await place(shopper, id, LIMIT);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(tooMany);
    expect(orderMessages.tooManyUnpaid(LIMIT)).toContain('My Orders');
    expect(await stockOf(id)).toBe(100 - LIMIT);
    expect(await ordersOf(shopper)).toBe(LIMIT);

    // Another customer is not held back by this one's orders.
    expect((await place(t.customerB, id, 99)).statusCode).toBe(201);
  });

  it('takes a new order once one of the unpaid ones is cancelled', async () => {
    const shopper = await registerUser(t.app);
    const { id } = await insertTool(t.app.db, { inStock: 100, minOrderQuantity: 1 });
    const placed: Order[] = [];
    for (let i = 0; i < LIMIT; i += 1) placed.push((await place(shopper, id, i)).json<Order>());
    expect((await place(shopper, id, LIMIT)).statusCode).toBe(409);

    const cancel = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed[0]!._id}`,
      as: shopper,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await place(shopper, id, LIMIT + 1)).statusCode).toBe(201);
    expect((await place(shopper, id, LIMIT + 2)).statusCode).toBe(409);
  });

  it('holds when the orders arrive all at once: exactly five of twelve are accepted', async () => {
    const shopper = await registerUser(t.app);
    const { id } = await insertTool(t.app.db, { inStock: 100, minOrderQuantity: 1 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => place(shopper, id, i)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(201), ...Array<number>(7).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json()).toEqual(tooMany);
    expect(await ordersOf(shopper)).toBe(LIMIT);
    expect(await stockOf(id)).toBe(100 - LIMIT);
  });
});
