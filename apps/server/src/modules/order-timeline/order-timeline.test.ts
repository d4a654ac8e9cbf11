import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { order } from '../../db/schema/order.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { recordOrderEvent } from './order-events.ts';

let t: ShopTestApp;
let toolId: string;

beforeAll(async () => {
  t = await createShopTestApp();
  toolId = (await insertTool(t.app.db, { name: 'Relay Module', minOrderQuantity: 1, inStock: 50 }))
    .id;
});
afterAll(() => t.close());

async function placeOrder(as: TestUser): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity: 2, phone: '+1 555 010 2030', address: '1 Main St' },
    as,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
}

const timeline = (id: string, as: TestUser | null) =>
  request(t.app, { method: 'GET', url: `/api/order/${id}/timeline`, as });

describe('GET /api/order/:id/timeline', () => {
  it('shows recorded status changes with who made them, oldest first; the customer sees no staff names or ledger', async () => {
    const id = await placeOrder(t.customerA);
    const at = (iso: string) => new Date(iso);
    await t.app.db
      .update(order)
      .set({ status: 'cancelled', paidAt: at('2099-01-01T10:00:00Z') })
      .where(eq(order.id, id));
    await recordOrderEvent(t.app.db, {
      orderId: id,
      from: 'pending_payment',
      to: 'paid',
      actorId: null,
    });
    await recordOrderEvent(t.app.db, {
      orderId: id,
      from: 'paid',
      to: 'cancelled',
      actorId: t.admin.id,
      cancelReason: 'admin',
    });

    const asAdmin = await timeline(id, t.admin);
    expect(asAdmin.statusCode).toBe(200);
    const events = asAdmin.json<OrderTimeline>().events;
    expect(events.map((e) => [e.kind, e.title, e.actor])).toEqual([
      ['placed', 'Order placed', { kind: 'customer', name: t.customerA.name }],
      ['stock', 'Stock reserved', { kind: 'customer', name: t.customerA.name }],
      ['status', 'Marked paid', { kind: 'provider', name: null }],
      ['cancelled', 'Cancelled', { kind: 'admin', name: t.admin.name }],
    ]);
    expect(events[1]?.detail).toBe('−2 in stock (order)');
    expect(events[3]?.detail).toBe('Cancelled by the shop');
    const times = events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);

    const asOwner = await timeline(id, t.customerA);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json<OrderTimeline>().events.map((e) => [e.kind, e.actor])).toEqual([
      ['placed', { kind: 'customer', name: t.customerA.name }],
      ['status', { kind: 'provider', name: null }],
      ['cancelled', { kind: 'admin', name: null }],
    ]);
  });

  it("shows an older order's status changes from its timestamps", async () => {
    const id = await placeOrder(t.customerA);
    await t.app.db
      .update(order)
      .set({
        status: 'delivered',
        paidAt: new Date(Date.now() + 1000),
        shippedAt: new Date(Date.now() + 2000),
        deliveredAt: new Date(Date.now() + 3000),
      })
      .where(eq(order.id, id));
    const res = await timeline(id, t.customerA);
    expect(res.json<OrderTimeline>().events.map((e) => e.title)).toEqual([
      'Order placed',
      'Marked paid',
      'Marked shipped',
      'Marked delivered',
    ]);
  });

  it("is the same 404 as a missing order for someone else's order, and 401 when signed out", async () => {
    const id = await placeOrder(t.customerA);
    expect((await timeline(id, t.customerB)).statusCode).toBe(404);
    expect((await timeline('not-an-id', t.admin)).statusCode).toBe(404);
    expect((await timeline(id, null)).statusCode).toBe(401);
  });
});
