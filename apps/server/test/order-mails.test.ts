import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { order } from '../src/db/schema/order.ts';
import { orderNotifier } from '../src/mail/order-notices.ts';
import { expireUnpaidOrders } from '../src/modules/orders/order-expiry.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from './shop-fixtures.ts';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from './smtp-test-server.ts';
import { request, TEST_ORIGIN, type TestUser } from './test-app.ts';
import { payWithTestCard } from './payment-test-orders.ts';

let smtp: SmtpTestServer;
let t: ShopTestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createShopTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function placeOrder(who: TestUser, quantity = 3, priceCents = 1250): Promise<string> {
  const item = await insertTool(t.app.db, {
    name: 'Bench Multimeter',
    priceCents,
    minOrderQuantity: 1,
    inStock: 50,
  });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    as: who,
    payload: { toolId: item.id, quantity, phone: '+1 555 010 2030', address: '7 Relay Lane' },
  });
  expect(res.statusCode).toBe(201);
  const placed = res.json<{ _id: string; number: string }>();
  numbers.set(placed._id, placed.number);
  return placed._id;
}

/** The order numbers ("VF-10001") of the orders placed here, by id: how mails name them. */
const numbers = new Map<string, string>();
const numberOf = (id: string) => numbers.get(id) ?? 'not placed here';

async function pay(who: TestUser, orderId: string): Promise<string> {
  await payWithTestCard(t.app, who, orderId);
  const [row] = await t.app.db.select().from(order).where(eq(order.id, orderId));
  return row!.transactionId!;
}

const setStatus = (orderId: string, status: string) =>
  request(t.app, {
    method: 'PATCH',
    url: `/api/order/${orderId}/status`,
    as: t.admin,
    payload: { status },
  });

/** The one link in the mail's text that starts with `prefix`. */
function linkIn(mail: ReceivedMail, prefix: string): URL {
  const found = mail.text.match(/https?:\/\/\S+/g)?.filter((l) => l.startsWith(prefix)) ?? [];
  expect(found).toHaveLength(1);
  return new URL(found[0]!);
}

/** A mail after the order was placed: the order, its total, and a link to My Orders. */
function expectOrderFacts(mail: ReceivedMail, short: string, total: string) {
  expect(mail.text).toContain(`Order: ${short}`);
  expect(mail.text).toContain(`Total: ${total}`);
  expect(linkIn(mail, `${TEST_ORIGIN}/dashboard/myOrder`).pathname).toBe('/dashboard/myOrder');
}

/** Waits for the one mail about `orderId` whose subject matches, and checks it came once. */
async function orderMail(who: TestUser, subject: RegExp): Promise<ReceivedMail> {
  const mail = await smtp.waitFor((m) => m.to.includes(who.email) && subject.test(m.subject));
  await t.app.mailSender.drain();
  expect(smtp.received.filter((m) => subject.test(m.subject))).toHaveLength(1);
  return mail;
}

describe('order mails', () => {
  it('tells the customer the order was placed: items, total, pay link, hold', async () => {
    const id = await placeOrder(t.customerA, 3, 1250);
    const mail = await orderMail(t.customerA, /to pay$/);
    // $37.50 of goods and $7.50 shipping (not over the $75.00 threshold)
    expect(mail.subject).toMatch(/^Your Voltforge order VF-\d{5,}: \$45\.00 to pay$/);
    expect(mail.text).toContain('Shipping: $7.50');
    expect(mail.text).toContain('Item: Bench Multimeter');
    expect(mail.text).toContain('Quantity: 3');
    expect(mail.text).toContain('Total: $45.00');
    expect(mail.text).toContain('for 2 days');
    // The pay link names this order, which its customer (and nobody else) can open and pay.
    const payLink = linkIn(mail, `${TEST_ORIGIN}/dashboard/payment/`);
    expect(payLink.pathname).toBe(`/dashboard/payment/${id}`);
    const opened = await request(t.app, {
      method: 'GET',
      url: `/api/order/${id}`,
      as: t.customerA,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ _id: id, total: 45, status: 'pending_payment' });
    const intent = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      as: t.customerA,
      payload: { orderId: id },
    });
    expect(intent.statusCode).toBe(200);
    expect(
      (await request(t.app, { method: 'GET', url: `/api/order/${id}`, as: t.customerB }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(row).toMatchObject({ kind: 'order_placed', status: 'sent', userId: t.customerA.id });
  });

  it('sends the receipt with the transaction id, then shipped and delivered', async () => {
    const id = await placeOrder(t.customerA, 2, 5000);
    await orderMail(t.customerA, /to pay$/);
    const transactionId = await pay(t.customerA, id);
    const short = numberOf(id);
    const receipt = await orderMail(t.customerA, /Payment received/);
    expect(receipt.subject).toBe(`Payment received for your Voltforge order ${short}`);
    expect(receipt.text).toContain(`Transaction id: ${transactionId}`);
    expect(receipt.text).toContain('We received your payment of $100.00');
    expectOrderFacts(receipt, short, '$100.00');

    expect((await setStatus(id, 'shipped')).statusCode).toBe(200);
    const shipped = await orderMail(t.customerA, /has shipped/);
    expect(shipped.subject).toBe(`Your Voltforge order ${short} has shipped`);
    expect(shipped.text).toContain('7 Relay Lane');
    expectOrderFacts(shipped, short, '$100.00');
    expect((await setStatus(id, 'delivered')).statusCode).toBe(200);
    const delivered = await orderMail(t.customerA, /was delivered/);
    expect(delivered.subject).toBe(`Your Voltforge order ${short} was delivered`);
    expectOrderFacts(delivered, short, '$100.00');
  });

  it('says who cancelled: the customer, or an admin (with a refund for a paid order)', async () => {
    const mine = await placeOrder(t.customerB);
    await orderMail(t.customerB, /to pay$/);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${mine}`,
      as: t.customerB,
    });
    expect(res.statusCode).toBe(200);
    const byCustomer = await orderMail(t.customerB, /was cancelled/);
    expect(byCustomer.subject).toBe(`Your Voltforge order ${numberOf(mine)} was cancelled`);
    expect(byCustomer.text).toContain('You cancelled this order.');
    expect(byCustomer.text).toContain('Total: $45.00');
    expect(byCustomer.text).toContain('Nothing was charged for this order.');

    smtp.received.length = 0;
    const paid = await placeOrder(t.customerB);
    await pay(t.customerB, paid);
    expect((await setStatus(paid, 'cancelled')).statusCode).toBe(200);
    const byAdmin = await orderMail(t.customerB, /was cancelled/);
    expect(byAdmin.text).toContain('Our team cancelled this order.');
    expect(byAdmin.subject).toBe(`Your Voltforge order ${numberOf(paid)} was cancelled`);
    expect(byAdmin.text).toContain('We are refunding your payment of $45.00 to your card');
    expect(byAdmin.text).not.toContain('You cancelled');
  });

  it('tells the customer an order left unpaid past the hold was cancelled, and why', async () => {
    const id = await placeOrder(t.customerB, 1, 990);
    await orderMail(t.customerB, /to pay$/);
    await t.app.db
      .update(order)
      .set({ createdAt: new Date(Date.now() - (t.config.orderHoldHours + 1) * 3_600_000) })
      .where(eq(order.id, id));
    const expired = await expireUnpaidOrders(t.app.db, {
      placedBefore: new Date(Date.now() - t.config.orderHoldHours * 3_600_000),
      notify: orderNotifier({ publicUrl: TEST_ORIGIN, holdHours: t.config.orderHoldHours }),
    });
    expect(expired).toBe(1);
    const mail = await orderMail(t.customerB, /was cancelled/);
    expect(mail.subject).toBe(`Your Voltforge order ${numberOf(id)} was cancelled`);
    expect(mail.text).toContain('not paid in time');
    expect(mail.text).not.toContain('You cancelled');
    expect(mail.text).not.toContain('Our team cancelled');
  });

  it('writes no mail for an order that rolled back', async () => {
    const before = await t.app.db.select().from(mailOutbox);
    // Reserved, then refused inside the transaction: the total is larger than the shop records.
    const item = await insertTool(t.app.db, {
      priceCents: 100_000_000,
      minOrderQuantity: 1,
      inStock: 100,
    });
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: t.customerA,
      payload: { toolId: item.id, quantity: 50, phone: '+1 555 010 2030', address: '1 Main St' },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});
