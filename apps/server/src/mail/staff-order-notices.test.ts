import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '@voltforge/contract/cart';
import type { Order } from '@voltforge/contract/order';
import { mailOutbox, staffOrderNotice } from '../db/schema/mail.ts';
import { order } from '../db/schema/order.ts';
import { findOrderRow } from '../modules/orders/order-row.ts';
import { placeOrder } from '../modules/orders/placement/place-order.ts';
import { orderMailRenderer, orderNotifier } from './order-notices.ts';
import { mailStaffOrderNotices, STAFF_NOTICE_ORDERS_PER_MAIL } from './staff-order-notices.ts';
import { payWithTestCard } from '../../test/payment-test-orders.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../test/shop-fixtures.ts';
import { request, TEST_ORIGIN, until, type TestUser } from '../../test/test-app.ts';

const STAFF = ['orders@shop.example.com', 'sales@shop.example.com'];
const where = { phone: '+1 555 010 2030', address: '7 Relay Lane' };

async function placeOne(t: ShopTestApp, who: TestUser, priceCents = 1250): Promise<Order> {
  const item = await insertTool(t.app.db, { priceCents, minOrderQuantity: 1, inStock: 50 });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    as: who,
    payload: { toolId: item.id, quantity: 2, ...where },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}

const noticesOf = (t: ShopTestApp) =>
  t.app.db.select().from(staffOrderNotice).orderBy(staffOrderNotice.createdAt);

const staffMails = (t: ShopTestApp) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'staff_order_notice'))
    .orderBy(mailOutbox.to);

/** Makes the waiting notices `seconds` older, as if that much time had passed since they came. */
const age = (t: ShopTestApp, seconds: number) =>
  t.app.db
    .update(staffOrderNotice)
    .set({ createdAt: sql`${staffOrderNotice.createdAt} - make_interval(secs => ${seconds})` });

/**
 * Runs a pass and waits for its mails: the app's own timer may have taken the notices first (it
 * runs every few seconds on every instance), in which case its transaction brings them.
 */
async function mailDue(t: ShopTestApp, mails: number) {
  await mailStaffOrderNotices(t.app.db, { publicUrl: TEST_ORIGIN, recipients: STAFF });
  await until(`${mails} staff mails are queued`, async () => {
    return (await staffMails(t)).length >= mails;
  });
  return staffMails(t);
}

describe('staff order notices, off by default', () => {
  let t: ShopTestApp;
  beforeAll(async () => {
    t = await createShopTestApp();
  });
  afterAll(() => t.close());

  it('keeps no notice and mails nobody when an order is placed and paid', async () => {
    expect(t.config.orderNotifyEmails).toEqual([]);
    const placed = await placeOne(t, t.customerA);
    await payWithTestCard(t.app, t.customerA, placed._id);
    const [row] = await t.app.db.select().from(order).where(eq(order.id, placed._id));
    expect(row?.status).toBe('paid');
    expect(await noticesOf(t)).toEqual([]);
    expect(await mailStaffOrderNotices(t.app.db, { publicUrl: TEST_ORIGIN, recipients: [] })).toBe(
      0,
    );
    expect(await staffMails(t)).toEqual([]);
  });
});

describe('staff order notices with ORDER_NOTIFY_EMAILS', () => {
  let t: ShopTestApp;
  beforeAll(async () => {
    t = await createShopTestApp({
      env: { ORDER_NOTIFY_EMAILS: STAFF.join(', '), MAX_UNPAID_ORDERS: '100' },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.delete(staffOrderNotice);
    await t.app.db.delete(mailOutbox).where(eq(mailOutbox.kind, 'staff_order_notice'));
  });

  it('tells staff of an order placed, then of its payment, once the notices are due', async () => {
    const placed = await placeOne(t, t.customerA, 2500);
    expect((await noticesOf(t)).map((n) => [n.orderId, n.event])).toEqual([[placed._id, 'placed']]);
    // Just placed: the pass waits for the rush to pass.
    await mailStaffOrderNotices(t.app.db, { publicUrl: TEST_ORIGIN, recipients: STAFF });
    expect(await staffMails(t)).toEqual([]);

    await age(t, 30);
    const mails = await mailDue(t, 2);
    expect(mails.map((m) => m.to)).toEqual(STAFF);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      `Order ${placed.number}: placed, not paid yet, $57.50 (${t.customerA.name})`,
    );
    expect(mail!.text).toContain(`Order: ${placed.number}`);
    expect(mail!.text).toContain(`Buyer: ${t.customerA.name} <${t.customerA.email}>`);
    expect(mail!.text).toContain('Total: $57.50');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/dashboard/manageOrder/${placed._id}`);
    expect(mail!.html).toContain(placed.number);
    expect(await noticesOf(t)).toEqual([]);

    await t.app.db.delete(mailOutbox).where(eq(mailOutbox.kind, 'staff_order_notice'));
    await payWithTestCard(t.app, t.customerA, placed._id);
    expect((await noticesOf(t)).map((n) => [n.orderId, n.event])).toEqual([[placed._id, 'paid']]);
    await age(t, 30);
    const paid = await mailDue(t, 2);
    expect(paid.map((m) => m.subject)).toEqual([
      `Order ${placed.number}: paid, $57.50 (${t.customerA.name})`,
      `Order ${placed.number}: paid, $57.50 (${t.customerA.name})`,
    ]);
  });

  it('tells staff of an order checked out from the cart, by the same placement', async () => {
    const item = await insertTool(t.app.db, { priceCents: 4000, minOrderQuantity: 1, inStock: 9 });
    const added = await request(t.app, {
      method: 'POST',
      url: '/api/cart/lines',
      as: t.customerB,
      payload: { lines: [{ toolId: item.id, quantity: 3 }] },
    });
    expect(added.statusCode).toBe(200);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/checkout',
      as: t.customerB,
      payload: { ...where, expectedTotal: added.json<Cart>().total },
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    await age(t, 30);
    const mails = await mailDue(t, 2);
    expect(mails.map((m) => m.subject)).toEqual(
      STAFF.map(
        () => `Order ${placed.number}: placed, not paid yet, $120.00 (${t.customerB.name})`,
      ),
    );
  });

  it('lists the orders of a rush in one mail per recipient', async () => {
    const placed = await Promise.all(
      Array.from({ length: 6 }, (_, i) => placeOne(t, i % 2 ? t.customerA : t.customerB)),
    );
    const paidOne = placed[0]!;
    await payWithTestCard(t.app, t.customerB, paidOne._id);
    expect(await noticesOf(t)).toHaveLength(7);
    // The oldest has waited a minute: mailed although orders keep coming.
    await age(t, 61);
    const late = await placeOne(t, t.customerA);
    const mails = await mailDue(t, 2);
    expect(mails.map((m) => m.to)).toEqual(STAFF);
    for (const mail of mails) {
      expect(mail.subject).toBe('7 orders: 7 placed, 1 paid');
      for (const o of [...placed, late]) expect(mail.text).toContain(`Order: ${o.number}`);
      expect(mail.text.match(/Order: VF-/g)).toHaveLength(7);
      expect(mail.text).toContain('Placed and paid');
      expect(mail.text).toContain(`${TEST_ORIGIN}/dashboard/manageOrders`);
    }
    expect(await noticesOf(t)).toEqual([]);
    expect(STAFF_NOTICE_ORDERS_PER_MAIL).toBeGreaterThanOrEqual(7);
  });

  it('mails a batch once when two instances look at the same moment', async () => {
    await placeOne(t, t.customerA);
    await placeOne(t, t.customerB);
    await age(t, 30);
    const pass = () =>
      mailStaffOrderNotices(t.app.db, { publicUrl: TEST_ORIGIN, recipients: STAFF });
    await Promise.all([pass(), pass(), pass()]);
    await until('the batch is mailed', async () => (await noticesOf(t)).length === 0);
    await until('its mails are queued', async () => (await staffMails(t)).length >= 2);
    const mails = await staffMails(t);
    expect(mails.map((m) => [m.to, m.subject])).toEqual(
      STAFF.map((to) => [to, '2 orders: 2 placed, 0 paid']),
    );
  });

  it('tells nobody of a placement or payment that rolled back', async () => {
    const item = await insertTool(t.app.db, { priceCents: 1250, minOrderQuantity: 1, inStock: 9 });
    const settings = { publicUrl: TEST_ORIGIN, holdHours: 48, tellStaff: true };
    const ordersBefore = await t.app.db.select().from(order);
    const mailsBefore = await t.app.db.select().from(mailOutbox);
    // An accepted quote is placed in one transaction with its link to the quote: that step fails
    // after the order, its mail and staff's notice are written.
    const failed = await placeOrder(
      t.app.db,
      { ...t.customerA, role: 'user' },
      {
        lines: [{ toolId: item.id, quantity: 2 }],
        ...where,
        quote: {
          freightCents: 0,
          taxRateBp: 0,
          expectedTotalCents: 2500,
          claim: async () => undefined,
          accepted: async () => {
            throw new Error('the quote was taken meanwhile');
          },
        },
      },
      {
        maxUnpaid: 100,
        shopTerms: t.config.shopTerms,
        renderMail: orderMailRenderer(settings),
        onLowStock: async () => undefined,
        timeZone: 'UTC',
      },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toEqual(new Error('the quote was taken meanwhile'));
    expect(await t.app.db.select().from(order)).toHaveLength(ordersBefore.length);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(mailsBefore.length);
    expect(await noticesOf(t)).toEqual([]);

    const placed = await placeOne(t, t.customerB);
    await t.app.db.delete(staffOrderNotice);
    const row = await findOrderRow(t.app.db, placed._id);
    const paying = await t.app.db
      .transaction(async (tx) => {
        await orderNotifier(settings)(tx, { kind: 'order_paid' }, row!);
        throw new Error('the payment could not be recorded');
      })
      .catch((e: unknown) => e);
    expect(paying).toBeInstanceOf(Error);

    expect(await noticesOf(t)).toEqual([]);
    await age(t, 120);
    await mailStaffOrderNotices(t.app.db, { publicUrl: TEST_ORIGIN, recipients: STAFF });
    expect(await staffMails(t)).toEqual([]);
  });
});
