import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { order, orderLine } from '../../db/schema/order.ts';
import { orderNotifier } from '../../mail/order-notices.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { tool } from '../../db/schema/tool.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createActiveProvider, paymentCancelGuard } from '../payments/active-provider.ts';
import { expireUnpaidOrders } from './order-expiry.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const notify = orderNotifier({ publicUrl: 'http://localhost:3000', holdHours: 48 });

async function placeOrder(who: TestUser, toolId: string, quantity: number, hoursAgo: number) {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    as: who,
    payload: { toolId, quantity, phone: '+1 555 010 2030', address: '1 Test Street' },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ _id: string }>()._id;
  await t.app.db
    .update(order)
    .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(order.id, id));
  return id;
}

const stockOf = async (id: string) =>
  (await t.app.db.select({ n: tool.inStock }).from(tool).where(eq(tool.id, id)))[0]?.n;
const statusOf = async (id: string) =>
  (await t.app.db.select({ s: order.status }).from(order).where(eq(order.id, id)))[0]?.s;

describe('releasing the stock of unpaid orders', () => {
  it('cancels only unpaid orders older than the hold, returns their stock and settles their intent', async () => {
    const item = await insertTool(t.app.db, { inStock: 100, minOrderQuantity: 1 });
    const stale = await placeOrder(t.customerA, item.id, 5, 49);
    const fresh = await placeOrder(t.customerA, item.id, 3, 1);
    const staleWithIntent = await placeOrder(t.customerB, item.id, 2, 72);
    const intent = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      as: t.customerB,
      payload: { orderId: staleWithIntent },
    });
    expect(intent.statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe(90);

    const expired = await expireUnpaidOrders(t.app.db, {
      placedBefore: new Date(Date.now() - 48 * HOUR),
      beforeCancel: paymentCancelGuard(
        t.app.db,
        createActiveProvider(t.app.db, t.config)?.provider ?? null,
        {
          notify,
          seller: t.config.seller,
        },
      ),
      notify,
    });

    expect(expired).toBe(2);
    expect(await statusOf(stale)).toBe('cancelled');
    expect(await statusOf(staleWithIntent)).toBe('cancelled');
    expect(await statusOf(fresh)).toBe('pending_payment');
    expect(await stockOf(item.id)).toBe(97);
    const [settled] = await t.app.db
      .select({ status: testPaymentIntent.status })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, staleWithIntent));
    expect(settled?.status).toBe('canceled');
    // Each customer is told why: the hold ran out.
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order_cancelled'));
    expect(mails.map((m) => m.orderId).sort()).toEqual([stale, staleWithIntent].sort());
    for (const mail of mails) expect(mail.text).toContain('not paid in time');

    // A second sweep (another instance, or the next tick) changes nothing.
    const again = await expireUnpaidOrders(t.app.db, {
      placedBefore: new Date(Date.now() - 48 * HOUR),
      notify,
    });
    expect(again).toBe(0);
    expect(await stockOf(item.id)).toBe(97);
  });

  it('clears a backlog of 500 expired orders in one sweep, returning all their stock', async () => {
    const item = await insertTool(t.app.db, { inStock: 0, minOrderQuantity: 1 });
    const placedAt = new Date(Date.now() - 49 * HOUR);
    const backlog = Array.from({ length: 500 }, () => ({
      userId: t.customerB.id,
      customerName: t.customerB.name,
      email: t.customerB.email,
      phone: '+1 555 010 2030',
      address: '1 Test Street',
      goodsCents: item.priceCents,
      totalCents: item.priceCents,
      createdAt: placedAt,
    }));
    const made = await t.app.db.insert(order).values(backlog).returning({ id: order.id });
    await t.app.db.insert(orderLine).values(
      made.map(({ id }) => ({
        orderId: id,
        lineNo: 1,
        toolId: item.id,
        toolName: item.name,
        partNumber: item.partNumber,
        unitPriceCents: item.priceCents,
        quantity: 1,
        totalCents: item.priceCents,
        allocated: 1,
      })),
    );

    const expired = await expireUnpaidOrders(t.app.db, {
      placedBefore: new Date(Date.now() - 48 * HOUR),
      notify,
    });

    expect(expired).toBe(500);
    const left = await t.app.db
      .select({ id: order.id })
      .from(order)
      .innerJoin(orderLine, eq(orderLine.orderId, order.id))
      .where(and(eq(orderLine.toolId, item.id), eq(order.status, 'pending_payment')));
    expect(left).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(500);
  }, 180_000);

  it('leaves paid orders alone, however old', async () => {
    const item = await insertTool(t.app.db, { inStock: 10, minOrderQuantity: 1 });
    const id = await placeOrder(t.customerA, item.id, 4, 100);
    await t.app.db
      .update(order)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(order.id, id));

    expect(
      await expireUnpaidOrders(t.app.db, {
        placedBefore: new Date(Date.now() - 48 * HOUR),
        notify,
      }),
    ).toBe(0);
    expect(await statusOf(id)).toBe('paid');
    expect(await stockOf(item.id)).toBe(6);
  });
});
