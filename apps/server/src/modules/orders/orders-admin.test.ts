import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import { order } from '../../db/schema/order.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let toolId: string;

beforeAll(async () => {
  t = await createShopTestApp();
  ({ customerA: alice, customerB: bob, admin } = t);
  const clampMeter = await insertTool(t.app.db, {
    name: 'Clamp Meter',
    priceCents: 4999,
    minOrderQuantity: 1,
    inStock: 1000,
  });
  toolId = clampMeter.id;
});
afterAll(() => t.close());

async function placeOrder(as: TestUser, quantity = 2): Promise<Order> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity, phone: '+1 555 010 2030', address: '12 Foundry Lane' },
    as,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}

/** Payment is the payments module's business; here the order is simply put in that state. */
async function orderIn(status: OrderStatus, as: TestUser = alice): Promise<Order> {
  const placed = await placeOrder(as);
  if (status !== 'pending_payment') {
    await t.app.db
      .update(order)
      .set({ status, transactionId: status === 'cancelled' ? null : `pi_test_${placed._id}` })
      .where(eq(order.id, placed._id));
  }
  return { ...placed, status };
}

async function stock(): Promise<number> {
  const [row] = await t.app.db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(eq(tool.id, toolId));
  return row?.inStock ?? Number.NaN;
}

const setStatus = (id: string, status: unknown, as: TestUser | null = admin) =>
  request(t.app, {
    method: 'PATCH',
    url: `/api/order/${id}/status`,
    payload: { status },
    as,
  });

describe('GET /api/orders', () => {
  it("lists everyone's orders newest first with the total count, and filters by status", async () => {
    const first = await orderIn('pending_payment', alice);
    const second = await orderIn('paid', bob);
    const third = await orderIn('shipped', alice);

    const res = await request(t.app, { method: 'GET', url: '/api/orders', as: admin });
    expect(res.statusCode).toBe(200);
    const ids = res.json<Order[]>().map((o) => o._id);
    expect(ids.indexOf(third._id)).toBeLessThan(ids.indexOf(second._id));
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(Number(res.headers['x-total-count'])).toBe(ids.length);
    expect(res.json<Order[]>().find((o) => o._id === second._id)).toMatchObject({
      name: 'Bob Volta',
      email: bob.email,
      order: 'Clamp Meter',
      quantity: 2,
      price: 49.99,
      total: 99.98,
      status: 'paid',
      paid: true,
      delivered: false,
    });

    const paid = await request(t.app, { method: 'GET', url: '/api/orders?status=paid', as: admin });
    expect(paid.json<Order[]>().every((o) => o.status === 'paid')).toBe(true);
    expect(paid.json<Order[]>().map((o) => o._id)).toContain(second._id);
    expect(Number(paid.headers['x-total-count'])).toBe(paid.json<Order[]>().length);
  });

  it('finds orders by part of the part number, tool, customer name or email, in any case', async () => {
    const other = await insertTool(t.app.db, {
      name: 'Oscilloscope Probe',
      partNumber: 'VF-PB100_X',
      minOrderQuantity: 1,
      inStock: 10,
    });
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: other.id, quantity: 1, phone: '+1 555 010 2030', address: '1 Main St' },
      as: bob,
    });
    expect(res.statusCode).toBe(201);
    const probeOrder = res.json<Order>();
    const search = async (qs: string) => {
      const found = await request(t.app, { method: 'GET', url: `/api/orders?${qs}`, as: admin });
      expect(found.statusCode).toBe(200);
      return found.json<Order[]>().map((o) => o._id);
    };
    expect(await search('search=vf-pb100')).toEqual([probeOrder._id]);
    expect(await search('search=OSCILLOSCOPE')).toEqual([probeOrder._id]);
    // `_` is a character to find, not LIKE's "any one character".
    expect(await search('search=PB100_')).toEqual([probeOrder._id]);
    expect(await search('search=PB100%25')).toEqual([]);
    expect(await search(`search=${encodeURIComponent(bob.email)}`)).toContain(probeOrder._id);
    expect(await search('search=vf-pb100&status=paid')).toEqual([]);
  });

  it('pages: pageSize bounds the answer, X-Total-Count tells the whole', async () => {
    for (let i = 0; i < 3; i += 1) await placeOrder(bob, 1);
    const all = await request(t.app, { method: 'GET', url: '/api/orders?pageSize=100', as: admin });
    const total = Number(all.headers['x-total-count']);
    const page1 = await request(t.app, {
      method: 'GET',
      url: '/api/orders?pageSize=2&page=1',
      as: admin,
    });
    const page2 = await request(t.app, {
      method: 'GET',
      url: '/api/orders?pageSize=2&page=2',
      as: admin,
    });
    expect(page1.json<Order[]>()).toHaveLength(2);
    expect(Number(page1.headers['x-total-count'])).toBe(total);
    expect(page2.json<Order[]>().map((o) => o._id)).toEqual(
      all
        .json<Order[]>()
        .slice(2, 4)
        .map((o) => o._id),
    );
  });

  it.each(['status=lost', 'pageSize=101', 'page=0', 'page=abc'])('refuses ?%s', async (qs) => {
    const res = await request(t.app, { method: 'GET', url: `/api/orders?${qs}`, as: admin });
    expect(res.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    const res = await request(t.app, { method: 'GET', url: '/api/orders', as: alice });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/order/:id/status', () => {
  it('ships a paid order, then delivers it; the customer sees Delivered', async () => {
    const placed = await orderIn('paid');
    const shipped = await setStatus(placed._id, 'shipped');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<Order>()).toMatchObject({
      status: 'shipped',
      paid: true,
      delivered: false,
    });

    const delivered = await setStatus(placed._id, 'delivered');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<Order>()).toMatchObject({ status: 'delivered', delivered: true });

    const seen = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed._id}`,
      as: alice,
    });
    expect(seen.json<Order>()).toMatchObject({ status: 'delivered', delivered: true, paid: true });
    const [row] = await t.app.db.select().from(order).where(eq(order.id, placed._id));
    expect(row?.shippedAt).toBeInstanceOf(Date);
    expect(row?.deliveredAt).toBeInstanceOf(Date);
  });

  it('keeps the carrier and tracking number given when marking it shipped', async () => {
    const placed = await orderIn('paid');
    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/order/${placed._id}/status`,
      as: admin,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const mine = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed._id}`,
      as: alice,
    });
    expect(mine.json<Order>()).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const timeline = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed._id}/timeline`,
      as: alice,
    });
    const shipped = timeline
      .json<{ events: Array<{ title: string; detail: string | null }> }>()
      .events.find((e) => e.title === 'Marked shipped');
    expect(shipped?.detail).toBe('From paid; UPS, tracking 1Z999AA10123456784');
    // Only with shipping, and one line each.
    const other = await orderIn('paid');
    for (const payload of [
      { status: 'delivered', carrier: 'UPS' },
      { status: 'shipped', trackingNumber: 'a\nBcc: x' },
    ]) {
      const bad = await request(t.app, {
        method: 'PATCH',
        url: `/api/order/${other._id}/status`,
        as: admin,
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it.each([
    ['pending_payment', 'shipped'],
    ['pending_payment', 'delivered'],
    // One step at a time: a paid order is shipped (carrier, tracking) before it is delivered.
    ['paid', 'delivered'],
    ['on_account', 'delivered'],
    ['shipped', 'shipped'],
    ['shipped', 'cancelled'],
    ['delivered', 'shipped'],
    ['delivered', 'cancelled'],
    ['cancelled', 'delivered'],
    ['cancelled', 'cancelled'],
  ] as const)('refuses %s → %s with 409 and changes nothing', async (from, to) => {
    const placed = await orderIn(from);
    const before = await stock();
    const res = await setStatus(placed._id, to);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(adminMessages.transitionNotAllowed(from, to));
    const [row] = await t.app.db.select().from(order).where(eq(order.id, placed._id));
    expect(row?.status).toBe(from);
    expect(await stock()).toBe(before);
  });

  it.each(['pending_payment', 'paid'] as const)(
    'cancels a %s order and returns its stock once',
    async (from) => {
      const placed = await orderIn(from);
      const before = await stock();
      const res = await setStatus(placed._id, 'cancelled');
      expect(res.statusCode).toBe(200);
      expect(res.json<Order>().status).toBe('cancelled');
      expect(await stock()).toBe(before + placed.quantity);
      const movements = await t.app.db
        .select({ reason: stockMovement.reason, actorId: stockMovement.actorId })
        .from(stockMovement)
        .where(eq(stockMovement.orderId, placed._id));
      expect(movements).toContainEqual({ reason: 'cancel', actorId: admin.id });
    },
  );

  it('applies once when several admins press the same button at the same moment', async () => {
    const toDeliver = await orderIn('shipped');
    const toCancel = await orderIn('paid');
    const before = await stock();
    const [delivers, cancels] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => setStatus(toDeliver._id, 'delivered'))),
      Promise.all(Array.from({ length: 5 }, () => setStatus(toCancel._id, 'cancelled'))),
    ]);
    for (const results of [delivers, cancels]) {
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409]);
    }
    expect(await stock()).toBe(before + toCancel.quantity);
    const cancelMoves = await t.app.db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.orderId, toCancel._id));
    expect(cancelMoves.filter((m) => m.reason === 'cancel')).toHaveLength(1);
  });

  it('refuses paid and other statuses an admin does not set, and extra fields', async () => {
    const placed = await orderIn('pending_payment');
    for (const status of ['paid', 'pending_payment', 'lost', undefined]) {
      const res = await setStatus(placed._id, status);
      expect(res.statusCode).toBe(400);
    }
    const extra = await request(t.app, {
      method: 'PATCH',
      url: `/api/order/${placed._id}/status`,
      payload: { status: 'cancelled', transactionId: 'pi_fake' },
      as: admin,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 for an unknown order, 401 signed out and 403 for the customer who owns it', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await setStatus(id, 'shipped')).statusCode).toBe(404);
    }
    const placed = await orderIn('paid');
    expect((await setStatus(placed._id, 'delivered', null)).statusCode).toBe(401);
    const own = await setStatus(placed._id, 'delivered', alice);
    expect(own.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(order).where(eq(order.id, placed._id));
    expect(row?.status).toBe('paid');
  });
});
