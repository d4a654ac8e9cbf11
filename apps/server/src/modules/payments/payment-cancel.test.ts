import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { order } from '../../db/schema/order.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { tool } from '../../db/schema/tool.ts';
import {
  createTestApp,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { insertOrder, readOrder } from '../../../test/payment-test-orders.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let alice: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createShopTestApp();
  ({ customerA: alice, admin } = t);
});
afterAll(() => t.close());

const nextYear = new Date().getUTCFullYear() + 1;

async function clientSecretFor(orderId: string): Promise<string> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
    as: alice,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ clientSecret: string }>().clientSecret;
}

function payWith4242(clientSecret: string) {
  return request(t.app, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: {
      clientSecret,
      number: '4242424242424242',
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
    },
    as: alice,
  });
}

const cancelAsCustomer = (orderId: string) =>
  request(t.app, { method: 'DELETE', url: `/api/order/${orderId}`, as: alice });

const cancelAsAdmin = (orderId: string) =>
  request(t.app, {
    method: 'PATCH',
    url: `/api/order/${orderId}/status`,
    payload: { status: 'cancelled' },
    as: admin,
  });

/** Moves the intent at the provider behind the shop's back (a payment or cancel it did not see). */
async function setIntentStatus(
  clientSecret: string,
  status: (typeof testPaymentIntent.$inferSelect)['status'],
) {
  await t.app.db
    .update(testPaymentIntent)
    .set({ status })
    .where(eq(testPaymentIntent.clientSecret, clientSecret));
}

async function intentStatus(clientSecret: string) {
  const [row] = await t.app.db
    .select({ status: testPaymentIntent.status })
    .from(testPaymentIntent)
    .where(eq(testPaymentIntent.clientSecret, clientSecret));
  return row?.status;
}

async function stockOf(toolId: string) {
  const [row] = await t.app.db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(eq(tool.id, toolId));
  return row?.inStock;
}

describe('cancelling an order that has a payment intent (test provider)', () => {
  it('cancels the intent, so the test card can no longer pay the cancelled order', async () => {
    const placed = await insertOrder(t.app, alice);
    const clientSecret = await clientSecretFor(placed.id);

    const res = await cancelAsCustomer(placed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await intentStatus(clientSecret)).toBe('canceled');

    const paid = await payWith4242(clientSecret);
    expect(paid.statusCode).toBe(409);
    expect(errorOf(paid).message).toBe(paymentMessages.intentCanceled);
    expect(await readOrder(t.app, placed.id)).toMatchObject({ status: 'cancelled', paidAt: null });
  });

  it('refuses the cancel of an order whose payment went through, and records the payment', async () => {
    const placed = await insertOrder(t.app, alice);
    const clientSecret = await clientSecretFor(placed.id);
    const before = await stockOf(placed.lines[0]!.toolId);
    // Paid at the provider, but neither the confirmation nor a webhook has reached the order.
    await setIntentStatus(clientSecret, 'succeeded');

    const res = await cancelAsCustomer(placed.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This order has already been paid.');
    const row = await readOrder(t.app, placed.id);
    expect(row.status).toBe('paid');
    expect(row.transactionId).toBe(clientSecret.split('_secret_')[0]);
    expect(await stockOf(placed.lines[0]!.toolId)).toBe(before);
  });

  it('cancels the intent when an admin cancels the order, and tells the admin of a payment', async () => {
    const pendingOrder = await insertOrder(t.app, alice);
    const pendingSecret = await clientSecretFor(pendingOrder.id);
    const cancelled = await cancelAsAdmin(pendingOrder.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<{ status: string }>().status).toBe('cancelled');
    expect(await intentStatus(pendingSecret)).toBe('canceled');

    const paidOrder = await insertOrder(t.app, alice);
    const paidSecret = await clientSecretFor(paidOrder.id);
    await setIntentStatus(paidSecret, 'succeeded');
    const refused = await cancelAsAdmin(paidOrder.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('This order has already been paid.');
    expect((await readOrder(t.app, paidOrder.id)).status).toBe('paid');
  });

  it('never makes a cancelled order payable again', async () => {
    const placed = await insertOrder(t.app, alice);
    await clientSecretFor(placed.id);
    expect((await cancelAsCustomer(placed.id)).statusCode).toBe(200);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: placed.id },
      as: alice,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.cancelled);
  });

  it('starts a fresh intent when the stored one was cancelled but the order was not', async () => {
    const placed = await insertOrder(t.app, alice);
    const first = await clientSecretFor(placed.id);
    await setIntentStatus(first, 'canceled');
    const second = await clientSecretFor(placed.id);
    expect(second).not.toBe(first);
    expect((await payWith4242(second)).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).status).toBe('paid');
  });
});

describe('a shop without card payments (no Stripe keys, TEST_PAYMENTS=false)', () => {
  let none: TestApp;
  let carol: TestUser;
  beforeAll(async () => {
    none = await createTestApp({ TEST_PAYMENTS: 'false' });
    carol = await registerUser(none.app, { name: 'Carol Coulomb' });
  });
  afterAll(() => none.close());

  it('says so in GET /api/payments/config', async () => {
    const res = await request(none.app, { method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'none', orderHoldHours: 48 });
  });

  it('answers every payment call with 503 and has no test-card route', async () => {
    const placed = await insertOrder(none.app, carol);
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/create-payment-intent',
        payload: { orderId: placed.id },
      },
      {
        method: 'PATCH' as const,
        url: `/api/order/${placed.id}`,
        payload: { transactionId: 'pi_1' },
      },
    ];
    for (const call of calls) {
      const res = await request(none.app, { ...call, as: carol });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toEqual({
        code: 'payment_unavailable',
        message: 'Card payments are not configured on this shop.',
      });
    }
    const webhook = await none.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(503);

    const confirm = await request(none.app, {
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: 'pi_x_secret_y',
        number: '4242424242424242',
        expMonth: 12,
        expYear: nextYear,
        cvc: '123',
      },
      as: carol,
    });
    expect(confirm.statusCode).toBe(404);
    expect(errorOf(confirm).code).toBe('not_found');
    expect((await readOrder(none.app, placed.id)).status).toBe('pending_payment');
  });

  it('still lets the customer cancel an unpaid order', async () => {
    const placed = await insertOrder(none.app, carol);
    const res = await request(none.app, {
      method: 'DELETE',
      url: `/api/order/${placed.id}`,
      as: carol,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await none.app.db.select().from(order).where(eq(order.id, placed.id));
    expect(row?.status).toBe('cancelled');
  });
});
