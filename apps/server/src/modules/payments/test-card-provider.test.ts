import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { insertOrder, readOrder, type OrderRow } from '../../../test/payment-test-orders.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createShopTestApp();
  ({ customerA: alice, customerB: bob, admin } = t);
});
afterAll(() => t.close());

const nextYear = new Date().getUTCFullYear() + 1;

async function createIntent(who: TestUser | null, orderId: string, extra: object = {}) {
  return request(t.app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId, ...extra },
    as: who,
  });
}

async function clientSecretFor(who: TestUser, orderId: string): Promise<string> {
  const res = await createIntent(who, orderId);
  expect(res.statusCode).toBe(200);
  return res.json<{ clientSecret: string }>().clientSecret;
}

/** Alice's fresh unpaid order and the client secret of its payment intent. */
async function unpaidOrderWithSecret(): Promise<{ placed: OrderRow; secret: string }> {
  const placed = await insertOrder(t.app, alice);
  return { placed, secret: await clientSecretFor(alice, placed.id) };
}

function pay(
  who: TestUser | null,
  clientSecret: string,
  card: Partial<Record<string, unknown>> = {},
) {
  return request(t.app, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: {
      clientSecret,
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
      ...card,
    },
    as: who,
  });
}

function patchOrder(who: TestUser | null, orderId: string, transactionId: string) {
  return request(t.app, {
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { appointment: orderId, transactionId },
    as: who,
  });
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

describe('GET /api/payments/config', () => {
  it('names the test provider when Stripe is not configured, without a publishable key', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'test', orderHoldHours: 48 });
  });
});

describe('POST /api/payments/webhook (test provider)', () => {
  it('answers 404: webhooks come only from Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(paymentMessages.webhookNotConfigured);
  });
});

describe('POST /api/create-payment-intent (test provider)', () => {
  it('creates an intent for the order total in USD, ignoring a price in the body', async () => {
    const placed = await insertOrder(t.app, alice, { unitPriceCents: 1250, quantity: 4 });
    const res = await createIntent(alice, placed.id, { price: 0.01 });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ clientSecret: string; provider: string }>();
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/_secret_/) as unknown,
      provider: 'test',
    });

    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.clientSecret, body.clientSecret));
    expect(intent).toMatchObject({
      orderId: placed.id,
      amountCents: 5000,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect((await readOrder(t.app, placed.id)).paymentIntentId).toBe(intent?.id);
  });

  it('hands out the same intent when called twice', async () => {
    const placed = await insertOrder(t.app, alice);
    const first = await clientSecretFor(alice, placed.id);
    const second = await clientSecretFor(alice, placed.id);
    expect(second).toBe(first);
    const rows = await t.app.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, placed.id));
    expect(rows).toHaveLength(1);
  });

  it('asks a signed-out caller to sign in', async () => {
    const placed = await insertOrder(t.app, alice);
    const res = await createIntent(null, placed.id);
    expect(res.statusCode).toBe(401);
  });

  it("refuses customer B an intent for customer A's order", async () => {
    const placed = await insertOrder(t.app, alice);
    const res = await createIntent(bob, placed.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(paymentMessages.notYourOrder);
    expect((await readOrder(t.app, placed.id)).paymentIntentId).toBeNull();
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await createIntent(alice, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(paymentMessages.orderNotFound);
    }
  });

  it('refuses paid and cancelled orders', async () => {
    const paid = await insertOrder(t.app, alice, { status: 'paid' });
    const paidRes = await createIntent(alice, paid.id);
    expect(paidRes.statusCode).toBe(409);
    expect(errorOf(paidRes).message).toBe(paymentMessages.alreadyPaid);

    const cancelled = await insertOrder(t.app, alice, { status: 'cancelled' });
    const cancelledRes = await createIntent(alice, cancelled.id);
    expect(cancelledRes.statusCode).toBe(409);
    expect(errorOf(cancelledRes).message).toBe(paymentMessages.cancelled);
  });
});

describe('POST /api/payments/test/confirm: Stripe test cards', () => {
  it('pays with 4242 4242 4242 4242 and keeps only the last four digits', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    const res = await pay(alice, secret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paymentIntentId: intentIdOf(secret),
      status: 'succeeded',
      last4: '4242',
    });

    const [row] = await t.app.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.clientSecret, secret));
    expect(row).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    // Like Stripe's webhook, the confirmation itself marks the order paid.
    const after = await readOrder(t.app, placed.id);
    expect(after).toMatchObject({ status: 'paid', transactionId: intentIdOf(secret) });
    expect(after.paidAt).toBeInstanceOf(Date);
  });

  it.each([
    ['4000 0000 0000 0002', paymentMessages.declined],
    ['4000000000009995', paymentMessages.insufficientFunds],
    ['4000000000000069', paymentMessages.expiredCard],
    ['4000000000000127', paymentMessages.incorrectCvc],
    ['4111 1111 1111 1111', paymentMessages.nonTestCard],
  ])('declines %s with its message and leaves the order unpaid', async (number, message) => {
    const { placed, secret } = await unpaidOrderWithSecret();
    const res = await pay(alice, secret, { number });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'payment_failed', message } });
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
    const [row] = await t.app.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.clientSecret, secret));
    expect(row).toMatchObject({ status: 'requires_payment_method', lastPaymentError: message });
    expect(JSON.stringify(row)).not.toContain(number.replaceAll(' ', ''));
  });

  it('lets the customer try another card after a decline', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    expect((await pay(alice, secret, { number: '4000000000000002' })).statusCode).toBe(402);
    expect((await pay(alice, secret)).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).status).toBe('paid');
  });

  it('refuses a number that fails the Luhn check, with a clear message', async () => {
    const { secret } = await unpaidOrderWithSecret();
    const res = await pay(alice, secret, { number: '4242 4242 4242 4241' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain(paymentMessages.numberInvalid);
    expect(res.body).not.toContain('4242424242424241');
  });

  it('refuses a card whose expiry date is in the past', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    const lastYear = new Date().getUTCFullYear() - 1;
    const res = await pay(alice, secret, { expMonth: 1, expYear: lastYear });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.expiryPast);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('refuses a short CVC and an impossible month', async () => {
    const { secret } = await unpaidOrderWithSecret();
    const cvc = await pay(alice, secret, { cvc: '12' });
    expect(cvc.statusCode).toBe(400);
    expect(errorOf(cvc).message).toContain(paymentMessages.cvcInvalid);
    const month = await pay(alice, secret, { expMonth: 13 });
    expect(month.statusCode).toBe(400);
    expect(errorOf(month).message).toContain(paymentMessages.expiryInvalid);
  });

  it("does not let customer B pay with customer A's client secret", async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    const res = await pay(bob, secret);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(paymentMessages.intentNotFound);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('answers 404 for a made-up client secret and 401 when signed out', async () => {
    expect((await pay(alice, 'pi_test_nope_secret_nope')).statusCode).toBe(404);
    expect((await pay(null, 'pi_test_nope_secret_nope')).statusCode).toBe(401);
  });

  it('cannot pay an already-paid order again', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    expect((await pay(alice, secret)).statusCode).toBe(200);
    const again = await pay(alice, secret);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(paymentMessages.intentAlreadySucceeded);
    expect((await createIntent(alice, placed.id)).statusCode).toBe(409);
  });
});

describe('PATCH /api/order/:id {transactionId} (test provider)', () => {
  it('records the payment and answers the paid order; repeating it is harmless', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    await pay(alice, secret);
    const id = intentIdOf(secret);

    for (let i = 0; i < 2; i += 1) {
      const res = await patchOrder(alice, placed.id, id);
      expect(res.statusCode).toBe(200);
      expect(res.json<Order>()).toMatchObject({
        _id: placed.id,
        paid: true,
        status: 'paid',
        transactionId: id,
        total: 50,
      });
    }
  });

  it('marks the order paid when the confirmation did not (PATCH alone suffices)', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    // The intent succeeded at the provider but nothing told the order yet.
    await t.app.db
      .update(testPaymentIntent)
      .set({ status: 'succeeded', cardLast4: '4242' })
      .where(eq(testPaymentIntent.clientSecret, secret));
    const res = await patchOrder(alice, placed.id, intentIdOf(secret));
    expect(res.statusCode).toBe(200);
    expect(await readOrder(t.app, placed.id)).toMatchObject({
      status: 'paid',
      transactionId: intentIdOf(secret),
    });
  });

  it('refuses a made-up transaction id', async () => {
    const placed = await insertOrder(t.app, alice);
    const res = await patchOrder(alice, placed.id, 'pi_test_madeup000000000000');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.unknownTransaction);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it("refuses another order's successful payment", async () => {
    const paidOne = await insertOrder(t.app, alice);
    const secret = await clientSecretFor(alice, paidOne.id);
    await pay(alice, secret);
    const other = await insertOrder(t.app, alice);
    const res = await patchOrder(alice, other.id, intentIdOf(secret));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.paymentNotForOrder);
    expect((await readOrder(t.app, other.id)).status).toBe('pending_payment');
  });

  it('refuses a payment that has not succeeded (declined card)', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    await pay(alice, secret, { number: '4000000000000002' });
    const res = await patchOrder(alice, placed.id, intentIdOf(secret));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.paymentNotCompleted);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('refuses a successful payment for another amount', async () => {
    const placed = await insertOrder(t.app, alice);
    await t.app.db.insert(testPaymentIntent).values({
      id: 'pi_test_wrongamount000000',
      clientSecret: 'pi_test_wrongamount000000_secret_x',
      orderId: placed.id,
      amountCents: 1,
      idempotencyKey: 'wrong-amount',
      status: 'succeeded',
    });
    const res = await patchOrder(alice, placed.id, 'pi_test_wrongamount000000');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.paymentAmountMismatch);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it("does not let customer B record a payment on customer A's order", async () => {
    const placed = await insertOrder(t.app, alice);
    const bobsOrder = await insertOrder(t.app, bob);
    const secret = await clientSecretFor(bob, bobsOrder.id);
    await pay(bob, secret);
    const res = await patchOrder(bob, placed.id, intentIdOf(secret));
    expect(res.statusCode).toBe(403);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('lets an admin record a verified payment on a customer order', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    await t.app.db
      .update(testPaymentIntent)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntent.clientSecret, secret));
    const res = await patchOrder(admin, placed.id, intentIdOf(secret));
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>().paid).toBe(true);
  });

  it('refuses a second, different payment for a paid order', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    await pay(alice, secret);
    const res = await patchOrder(alice, placed.id, 'pi_test_another0000000000');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.alreadyPaid);
    expect((await readOrder(t.app, placed.id)).transactionId).toBe(intentIdOf(secret));
  });

  it('validates the transaction id and needs a session', async () => {
    const placed = await insertOrder(t.app, alice);
    const bad = await patchOrder(alice, placed.id, 'pi_../../v1/charges');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('validation_failed');
    expect((await patchOrder(null, placed.id, 'pi_test_x')).statusCode).toBe(401);
    const missing = await patchOrder(alice, '00000000-0000-4000-8000-000000000000', 'pi_test_x');
    expect(missing.statusCode).toBe(404);
  });

  it('marks an order paid once when confirmations race', async () => {
    const { placed, secret } = await unpaidOrderWithSecret();
    await t.app.db
      .update(testPaymentIntent)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntent.clientSecret, secret));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => patchOrder(alice, placed.id, intentIdOf(secret))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const paidAts = new Set(results.map((r) => r.json<Order>().transactionId));
    expect([...paidAts]).toEqual([intentIdOf(secret)]);
    expect((await readOrder(t.app, placed.id)).status).toBe('paid');
  });
});
