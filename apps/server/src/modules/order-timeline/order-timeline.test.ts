import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { order } from '../../db/schema/order.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { recordOrderEvent } from '../orders/order-events.ts';

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

async function payWithTestCard(as: TestUser, orderId: string, number: string) {
  const intent = await request(t.app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
    as,
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return request(t.app, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, number, expMonth: 12, expYear: 2099, cvc: '123' },
    as,
  });
}

const setStatus = (id: string, status: string) =>
  request(t.app, {
    method: 'PATCH',
    url: `/api/order/${id}/status`,
    payload: { status },
    as: t.admin,
  });

describe('GET /api/order/:id/timeline', () => {
  it('follows an order through payment, shipping and delivery with who did each step', async () => {
    const id = await placeOrder(t.customerA);
    const paid = await payWithTestCard(t.customerA, id, '4242424242424242');
    expect(paid.statusCode).toBe(200);
    const { paymentIntentId } = paid.json<{ paymentIntentId: string }>();
    const recorded = await request(t.app, {
      method: 'PATCH',
      url: `/api/order/${id}`,
      payload: { transactionId: paymentIntentId },
      as: t.customerA,
    });
    expect(recorded.statusCode).toBe(200);
    expect((await setStatus(id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus(id, 'delivered')).statusCode).toBe(200);

    const refunded = await request(t.app, {
      method: 'POST',
      url: `/api/order/${id}/refunds`,
      as: t.admin,
      payload: { shipping: true, reason: 'Delivered a day late' },
    });
    expect(refunded.statusCode).toBe(201);
    const { invoice, refunds } = refunded.json<{
      invoice: { number: string };
      refunds: Array<{ creditNote: { number: string } }>;
    }>();

    const events = (await timeline(id, t.admin)).json<OrderTimeline>().events;
    expect(events.map((e) => [e.title, e.actor.kind, e.actor.name])).toEqual([
      ['Order placed', 'customer', t.customerA.name],
      ['Stock reserved', 'customer', t.customerA.name],
      ['Payment started', 'customer', t.customerA.name],
      ['Payment succeeded', 'provider', null],
      ['Marked paid', 'provider', null],
      [`Invoice ${invoice.number} issued`, 'system', null],
      // The one-step "Shipped" is one shipment of everything, before the status it gives.
      ['Shipment 1 sent', 'admin', t.admin.name],
      ['Marked shipped', 'admin', t.admin.name],
      ['Marked delivered', 'admin', t.admin.name],
      ['Refunded $7.50', 'admin', t.admin.name],
    ]);
    expect(events[9]?.detail).toBe(
      `shipping; Reason: Delivered a day late; credit note ${refunds[0]!.creditNote.number}`,
    );
    expect(events[3]?.detail).toBe(
      `$32.50 approved by the card provider (card ending 4242). Transaction ${paymentIntentId}.`,
    );
    expect(events[8]?.detail).toBe('From shipped');

    const theirs = (await timeline(id, t.customerA)).json<OrderTimeline>().events;
    expect(theirs.map((e) => [e.title, e.actor.name])).toEqual([
      ['Order placed', t.customerA.name],
      ['Payment started', t.customerA.name],
      ['Payment succeeded', null],
      ['Marked paid', null],
      [`Invoice ${invoice.number} issued`, null],
      ['Shipment 1 sent', null],
      ['Marked shipped', null],
      ['Marked delivered', null],
      // The customer sees that the shop refunded, not which admin did.
      ['Refunded $7.50', null],
    ]);
  });

  it('says why an order was cancelled and that its stock came back', async () => {
    const id = await placeOrder(t.customerA);
    const declined = await payWithTestCard(t.customerA, id, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    const cancelled = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${id}`,
      as: t.customerA,
    });
    expect(cancelled.statusCode).toBe(200);
    const events = (await timeline(id, t.admin)).json<OrderTimeline>().events;
    expect(events.map((e) => e.title)).toEqual([
      'Order placed',
      'Stock reserved',
      'Payment started',
      'Payment declined',
      'Payment closed',
      'Stock returned',
      'Cancelled',
    ]);
    expect(events[3]?.detail).toMatch(/^.+ \(card ending 0002\)$/);
    expect(events[4]).toMatchObject({
      detail: 'Cancelled with the order, so it can no longer go through.',
      actor: { kind: 'system', name: null },
    });
    const cancel = events.find((e) => e.kind === 'cancelled');
    expect(cancel).toMatchObject({
      detail: 'Cancelled by the customer',
      actor: { kind: 'customer', name: t.customerA.name },
    });
    expect(events.find((e) => e.title === 'Stock returned')?.detail).toBe('+2 in stock (cancel)');
  });

  it('keeps every declined card with its reason, then the payment that went through with its transaction id', async () => {
    const id = await placeOrder(t.customerA);
    expect((await payWithTestCard(t.customerA, id, '4000000000009995')).statusCode).toBe(402);
    expect((await payWithTestCard(t.customerA, id, '4000000000000002')).statusCode).toBe(402);
    const paid = await payWithTestCard(t.customerA, id, '4242424242424242');
    expect(paid.statusCode).toBe(200);
    const { paymentIntentId } = paid.json<{ paymentIntentId: string }>();

    const events = (await timeline(id, t.admin)).json<OrderTimeline>().events;
    const payments = events.filter((e) => e.kind === 'payment_attempt');
    expect(payments.map((e) => [e.title, e.actor])).toEqual([
      ['Payment started', { kind: 'customer', name: t.customerA.name }],
      ['Payment declined', { kind: 'customer', name: t.customerA.name }],
      ['Payment declined', { kind: 'customer', name: t.customerA.name }],
      ['Payment succeeded', { kind: 'provider', name: null }],
    ]);
    expect(payments[1]?.detail).toMatch(/insufficient funds.*\(card ending 9995\)$/i);
    expect(payments[2]?.detail).toMatch(/declined.*\(card ending 0002\)$/i);
    expect(payments[3]?.detail).toContain(`Transaction ${paymentIntentId}.`);
    const at = payments.map((e) => e.at);
    expect([...at].sort()).toEqual(at);

    // The customer sees their own declines and the payment too.
    const theirs = (await timeline(id, t.customerA)).json<OrderTimeline>().events;
    expect(theirs.filter((e) => e.kind === 'payment_attempt').map((e) => e.title)).toEqual([
      'Payment started',
      'Payment declined',
      'Payment declined',
      'Payment succeeded',
    ]);
  });

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
