import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { refundMessages } from '@voltforge/contract/refund-rules';
import { order } from '../../db/schema/order.ts';
import { paymentEvent } from '../../db/schema/payment.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { FakeStripe, type FakeIntent, type FakeRefund } from '../../../test/fake-stripe.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { orderNotifier } from '../../mail/order-notices.ts';
import { handleWebhookEvent } from './payments.service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import type { ReportedRefund } from './payment-provider.ts';
import { recordProviderRefund } from '../refunds/refunds.service.ts';
import { insertOrder, readOrder, type OrderRow } from '../../../test/payment-test-orders.ts';
import { errorOf } from '../../../test/error-body.ts';

interface Secret {
  clientSecret: string;
}

const WEBHOOK_SECRET = 'whsec_x';

let fake: FakeStripe;
let t: ShopTestApp;
const notify = orderNotifier({ publicUrl: 'http://localhost:3000', holdHours: 48 });
const recordRefund = (reported: ReportedRefund) =>
  recordProviderRefund(t.app.db, reported, { notify, seller });
const seller = { name: 'Voltforge Tools Inc.', addressLines: ['1 Test Way'], taxId: null };
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await createShopTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: fake.url,
    },
  });
  ({ customerA: alice, customerB: bob } = t);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.failWith = null;
  fake.beforeCreate = null;
});

function stripeProvider() {
  const { payments } = t.config;
  if (payments.provider !== 'stripe') throw new Error('the test app is not on Stripe');
  return createStripeProvider(payments);
}

function createIntent(who: TestUser | null, orderId: string, extra: object = {}) {
  return request(t.app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId, ...extra },
    as: who,
  });
}

/** Creates the order's intent through our API and returns it as the fake Stripe holds it. */
async function intentFor(who: TestUser, placed: OrderRow): Promise<FakeIntent> {
  const res = await createIntent(who, placed.id);
  expect(res.statusCode).toBe(200);
  const { clientSecret } = res.json<{ clientSecret: string }>();
  const intent = [...fake.intents.values()].find((i) => i.client_secret === clientSecret);
  if (!intent) throw new Error('intent not at the fake Stripe');
  return intent;
}

/** Alice's fresh unpaid order and its intent at the fake Stripe. */
async function unpaidOrderWithIntent(): Promise<{ placed: OrderRow; intent: FakeIntent }> {
  const placed = await insertOrder(t.app, alice);
  return { placed, intent: await intentFor(alice, placed) };
}

function patchOrder(who: TestUser | null, orderId: string, transactionId: string) {
  return request(t.app, {
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { transactionId },
    as: who,
  });
}

function eventFor(type: string, intent: FakeIntent, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-01-28.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...intent } },
  };
}

function sign(payload: string, opts: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
}

function postWebhook(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

async function eventsFor(orderId: string) {
  return t.app.db
    .select({ eventId: paymentEvent.eventId, type: paymentEvent.type })
    .from(paymentEvent)
    .where(eq(paymentEvent.orderId, orderId));
}

describe('Stripe provider: configuration', () => {
  it('tells the web app to use Stripe, with the publishable key', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_x',
      orderHoldHours: 48,
    });
  });

  it('has no test-card endpoint', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: 'pi_x_secret_y',
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 1,
        cvc: '123',
      },
      as: alice,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not_found');
  });
});

describe('Stripe provider: create and retrieve against a fake Stripe API', () => {
  it('creates the intent with the order total, USD, metadata.orderId and an idempotency key', async () => {
    const placed = await insertOrder(t.app, alice, { unitPriceCents: 1999, quantity: 3 });
    const before = fake.requests.length;
    const res = await createIntent(alice, placed.id, { price: 1 });
    expect(res.statusCode).toBe(200);
    const created = fake.requests.slice(before).find((r) => r.method === 'POST');
    expect(created).toBeDefined();
    expect(created?.path).toBe('/v1/payment_intents');
    expect(created?.authorization).toBe('Bearer sk_test_x');
    expect(created?.idempotencyKey).toBe(`order-${placed.id}-5997`);
    expect(created?.params.get('amount')).toBe('5997');
    expect(created?.params.get('currency')).toBe('usd');
    expect(created?.params.get('metadata[orderId]')).toBe(placed.id);

    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === placed.id);
    expect(res.json()).toEqual({
      clientSecret: intent?.client_secret,
      provider: 'stripe',
      publishableKey: 'pk_test_x',
    });
    expect((await readOrder(t.app, placed.id)).paymentIntentId).toBe(intent?.id);
  });

  it('reuses the same intent when called twice', async () => {
    const placed = await insertOrder(t.app, alice);
    const first = await createIntent(alice, placed.id);
    const second = await createIntent(alice, placed.id);
    expect(second.json<Secret>().clientSecret).toBe(first.json<Secret>().clientSecret);
    const forOrder = [...fake.intents.values()].filter((i) => i.metadata.orderId === placed.id);
    expect(forOrder).toHaveLength(1);
  });

  it('records a payment Stripe completed but nobody reported, instead of charging again', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const res = await createIntent(alice, placed.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.alreadyPaid);
    expect(await readOrder(t.app, placed.id)).toMatchObject({
      status: 'paid',
      transactionId: intent.id,
    });
  });

  it("refuses customer B an intent for customer A's order without calling Stripe", async () => {
    const placed = await insertOrder(t.app, alice);
    const before = fake.requests.length;
    const res = await createIntent(bob, placed.id);
    expect(res.statusCode).toBe(403);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 502 with a retry message when Stripe is down', async () => {
    const placed = await insertOrder(t.app, alice);
    fake.failWith = 500;
    const res = await createIntent(alice, placed.id);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res).message).toBe(paymentMessages.providerUnavailable);
    expect((await readOrder(t.app, placed.id)).paymentIntentId).toBeNull();
  });
});

describe('Stripe provider: PATCH /api/order/:id asks Stripe', () => {
  it('marks the order paid when Stripe says the intent succeeded', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const res = await patchOrder(alice, placed.id, intent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ paid: true, transactionId: intent.id });
    const again = await patchOrder(alice, placed.id, intent.id);
    expect(again.statusCode).toBe(200);
  });

  it('refuses a made-up transaction id', async () => {
    const placed = await insertOrder(t.app, alice);
    const res = await patchOrder(alice, placed.id, 'pi_madeup123');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.unknownTransaction);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it("refuses a foreign intent (another order's, or one that names no order)", async () => {
    const placed = await insertOrder(t.app, alice);
    const other = await insertOrder(t.app, alice);
    const foreign = fake.addIntent({
      amount: placed.totalCents,
      status: 'succeeded',
      metadata: { orderId: other.id },
    });
    const stranger = fake.addIntent({ amount: placed.totalCents, status: 'succeeded' });
    for (const intent of [foreign, stranger]) {
      const res = await patchOrder(alice, placed.id, intent.id);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(paymentMessages.paymentNotForOrder);
    }
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('refuses a failed payment', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'requires_payment_method');
    const res = await patchOrder(alice, placed.id, intent.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.paymentNotCompleted);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('refuses a successful payment of the wrong amount', async () => {
    const placed = await insertOrder(t.app, alice);
    const cheap = fake.addIntent({
      amount: 50,
      status: 'succeeded',
      metadata: { orderId: placed.id },
    });
    const res = await patchOrder(alice, placed.id, cheap.id);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(paymentMessages.paymentAmountMismatch);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it("does not let customer B pay customer A's order", async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const res = await patchOrder(bob, placed.id, intent.id);
    expect(res.statusCode).toBe(403);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('answers 502 and leaves the order unpaid when Stripe cannot be asked', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    fake.failWith = 503;
    const res = await patchOrder(alice, placed.id, intent.id);
    expect(res.statusCode).toBe(502);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });
});

describe('Stripe provider: refunds', () => {
  /** Alice's order, paid at the fake Stripe and recorded as paid here. */
  async function paidThroughStripe() {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    expect((await patchOrder(alice, placed.id, intent.id)).statusCode).toBe(200);
    return { placed, intent };
  }
  const refund = (orderId: string, payload: object) =>
    request(t.app, { method: 'POST', url: `/api/order/${orderId}/refunds`, as: t.admin, payload });

  it('refunds through the refunds API with the refund as idempotency key, once', async () => {
    const { placed, intent } = await paidThroughStripe();
    const res = await refund(placed.id, { amount: 10, reason: 'Goodwill' });
    expect(res.statusCode).toBe(201);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds');
    const call = calls.at(-1)!;
    expect(call.params.get('payment_intent')).toBe(intent.id);
    expect(call.params.get('amount')).toBe('1000');
    expect(call.params.get('metadata[orderId]')).toBe(placed.id);
    const made = res.json<Order>().refunds[0]!;
    expect(call.idempotencyKey).toBe(`refund-${made.id}`);
    expect(made).toMatchObject({ status: 'succeeded', amount: 10 });
    expect(made.creditNote?.number).toMatch(/^CN-/);
  });

  it("leaves a refund Stripe refuses failed, with Stripe's words", async () => {
    const { placed, intent } = await paidThroughStripe();
    // Someone refunded most of it in the dashboard meanwhile, and we have not heard yet.
    await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_x',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${intent.id}&amount=${intent.amount - 100}`,
    });
    const res = await refund(placed.id, { whole: true, reason: 'Returned' });
    expect(res.statusCode).toBe(402);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(
      /^The refund failed: Refund amount .* is greater than unrefunded amount on charge/,
    );
    const order = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed.id}`,
      as: alice,
    });
    expect(order.json<Order>()).toMatchObject({ refunded: 0 });
    expect(order.json<Order>().refunds[0]?.status).toBe('failed');
  });

  it('keeps the refund pending when Stripe is down, and refunds it once on retry', async () => {
    const { placed } = await paidThroughStripe();
    fake.failWith = 500;
    const res = await refund(placed.id, { whole: true, reason: 'Returned' });
    expect(res.statusCode).toBe(502);
    fake.failWith = null;
    const [pending] = (
      await request(t.app, { method: 'GET', url: `/api/order/${placed.id}`, as: t.admin })
    ).json<Order>().refunds;
    expect(pending?.status).toBe('pending');
    const retried = await request(t.app, {
      method: 'POST',
      url: `/api/order/${placed.id}/refunds/${pending!.id}/retry`,
      as: t.admin,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<Order>().refunds[0]?.status).toBe('succeeded');
    const atStripe = [...fake.refunds.values()].filter(
      (r) => r.payment_intent === placed.transactionId,
    );
    expect(atStripe.length).toBeLessThanOrEqual(1);
  });

  it('records a refund made in the dashboard from its signed webhook, once', async () => {
    const { placed, intent } = await paidThroughStripe();
    const refundObject = {
      id: `re_dash_${randomBytes(6).toString('hex')}`,
      object: 'refund',
      amount: 500,
      status: 'succeeded',
      payment_intent: intent.id,
    };
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'refund.created',
      data: { object: refundObject },
    });
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    const order = (
      await request(t.app, { method: 'GET', url: `/api/order/${placed.id}`, as: t.admin })
    ).json<Order>();
    expect(order.refunded).toBe(5);
    expect(order.refunds).toHaveLength(1);
  });
});

describe("Stripe provider: a refund's answer and its webhooks, in every order", () => {
  afterEach(() => {
    fake.beforeRefundAnswer = null;
    fake.loseRefundAnswers = false;
  });

  async function paidThroughStripe() {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    expect((await patchOrder(alice, placed.id, intent.id)).statusCode).toBe(200);
    return { placed, intent };
  }
  const refund = (orderId: string, payload: object) =>
    request(t.app, { method: 'POST', url: `/api/order/${orderId}/refunds`, as: t.admin, payload });
  const retry = (orderId: string, refundId: string) =>
    request(t.app, {
      method: 'POST',
      url: `/api/order/${orderId}/refunds/${refundId}/retry`,
      as: t.admin,
    });
  const orderOf = async (orderId: string) =>
    (
      await request(t.app, { method: 'GET', url: `/api/order/${orderId}`, as: t.admin })
    ).json<Order>();

  /** Stripe's signed `refund.created` (or `refund.updated`) for a refund it made, delivered now. */
  async function deliver(made: FakeRefund, type = 'refund.created') {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      data: { object: made },
    });
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
  }

  /** One refund at Stripe is one refund here, with one credit note, for the amount Stripe paid. */
  async function expectOneRefund(orderId: string, intentId: string, cents: number) {
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(atStripe.map((r) => r.amount)).toEqual([cents]);
    const order = await orderOf(orderId);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ status: 'succeeded', amount: cents / 100 });
    expect(order.refunds[0]!.creditNote?.number).toMatch(/^CN-/);
    expect(order.refunded).toBe(cents / 100);
    return order;
  }

  it('the webhook before the answer: one refund, and the rest can still be refunded', async () => {
    const { placed, intent } = await paidThroughStripe();
    fake.beforeRefundAnswer = (made) => deliver(made);
    const res = await refund(placed.id, { amount: 1, reason: 'Goodwill' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().refunds).toMatchObject([{ status: 'succeeded', amount: 1 }]);
    await expectOneRefund(placed.id, intent.id, 100);
    fake.beforeRefundAnswer = null;
    const rest = await refund(placed.id, { whole: true, reason: 'Returned' });
    expect(rest.statusCode).toBe(201);
    expect((await orderOf(placed.id)).refunded).toBe(intent.amount / 100);
  });

  it('the webhook after the answer, and twice: one refund', async () => {
    const { placed, intent } = await paidThroughStripe();
    expect((await refund(placed.id, { amount: 1, reason: 'Goodwill' })).statusCode).toBe(201);
    const [made] = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    await deliver(made!);
    await deliver(made!, 'refund.updated');
    await expectOneRefund(placed.id, intent.id, 100);
  });

  it('the webhook before the answer and again after it: one refund', async () => {
    const { placed, intent } = await paidThroughStripe();
    fake.beforeRefundAnswer = (made) => deliver(made);
    expect((await refund(placed.id, { amount: 1, reason: 'Goodwill' })).statusCode).toBe(201);
    fake.beforeRefundAnswer = null;
    const [made] = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    await deliver(made!, 'refund.updated');
    await expectOneRefund(placed.id, intent.id, 100);
  });

  it('the answer lost, then the webhook: settled once, and Retry says it is settled', async () => {
    const { placed, intent } = await paidThroughStripe();
    fake.loseRefundAnswers = true;
    const res = await refund(placed.id, { amount: 1, reason: 'Goodwill' });
    expect(res.statusCode).toBe(502);
    const [pending] = (await orderOf(placed.id)).refunds;
    expect(pending?.status).toBe('pending');
    const [made] = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    await deliver(made!);
    await expectOneRefund(placed.id, intent.id, 100);
    fake.loseRefundAnswers = false;
    const again = await retry(placed.id, pending!.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(refundMessages.notPending);
    await expectOneRefund(placed.id, intent.id, 100);
  });

  it('the answer lost and the webhook before it: Retry settles nothing twice', async () => {
    const { placed, intent } = await paidThroughStripe();
    fake.loseRefundAnswers = true;
    fake.beforeRefundAnswer = (made) => deliver(made);
    expect((await refund(placed.id, { amount: 1, reason: 'Goodwill' })).statusCode).toBe(502);
    await expectOneRefund(placed.id, intent.id, 100);
  });

  it('the answer lost and no webhook: Retry settles the pending refund, a late webhook adds nothing', async () => {
    const { placed, intent } = await paidThroughStripe();
    fake.loseRefundAnswers = true;
    expect((await refund(placed.id, { amount: 1, reason: 'Goodwill' })).statusCode).toBe(502);
    fake.loseRefundAnswers = false;
    const [pending] = (await orderOf(placed.id)).refunds;
    const again = await retry(placed.id, pending!.id);
    expect(again.statusCode).toBe(200);
    await expectOneRefund(placed.id, intent.id, 100);
    const [made] = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    await deliver(made!);
    await expectOneRefund(placed.id, intent.id, 100);
  });
});

describe('Stripe provider: POST /api/payments/webhook', () => {
  it('marks the order paid on a valid payment_intent.succeeded and records the event', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const event = eventFor('payment_intent.succeeded', intent);
    const payload = JSON.stringify(event);
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await readOrder(t.app, placed.id)).toMatchObject({
      status: 'paid',
      transactionId: intent.id,
    });
    expect(await eventsFor(placed.id)).toEqual([
      { eventId: event.id, type: 'payment_intent.succeeded' },
    ]);
  });

  it('refuses a tampered body, a wrong secret, a missing signature and a stale timestamp', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const payload = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    const tampered = payload.replace(`"amount":${intent.amount}`, '"amount":1');
    expect(tampered).not.toBe(payload);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const attempts = [
      postWebhook(tampered, sign(payload)),
      postWebhook(payload, sign(payload, { secret: 'whsec_someone_else' })),
      postWebhook(payload, undefined),
      postWebhook(payload, sign(payload, { timestamp: tenMinutesAgo })),
      postWebhook(payload, 't=1,v1=deadbeef'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(paymentMessages.webhookSignatureInvalid);
    }
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
    expect(await eventsFor(placed.id)).toEqual([]);
  });

  it('applies a replayed event once', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const payload = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    expect((await postWebhook(payload, sign(payload))).json()).toEqual({ received: true });
    const paidAt = (await readOrder(t.app, placed.id)).paidAt;

    const replay = await postWebhook(payload, sign(payload));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await readOrder(t.app, placed.id)).paidAt).toEqual(paidAt);
    expect(await eventsFor(placed.id)).toHaveLength(1);
  });

  it('never un-pays an order when events arrive out of order', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    // First attempt declined, retry succeeded; Stripe delivers the success before the failure.
    const failedFirst = eventFor('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
    });
    fake.setStatus(intent.id, 'succeeded');
    const succeeded = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    expect((await postWebhook(succeeded, sign(succeeded))).statusCode).toBe(200);
    const late = JSON.stringify(failedFirst);
    expect((await postWebhook(late, sign(late))).statusCode).toBe(200);

    expect((await readOrder(t.app, placed.id)).status).toBe('paid');
    expect((await eventsFor(placed.id)).map((e) => e.type).sort()).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('records a failure without paying, then pays on the later success', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.decline(intent.id, 'Your card has insufficient funds.', '9995');
    const failed = JSON.stringify(eventFor('payment_intent.payment_failed', intent));
    expect((await postWebhook(failed, sign(failed))).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');

    fake.setStatus(intent.id, 'succeeded');
    const succeeded = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    expect((await postWebhook(succeeded, sign(succeeded))).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).status).toBe('paid');

    // The timeline keeps the decline with Stripe's reason, and the payment with its transaction id.
    const timeline = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed.id}/timeline`,
      as: t.admin,
    });
    const events = timeline.json<OrderTimeline>().events;
    const total = `$${(intent.amount / 100).toFixed(2)}`;
    expect(
      events
        .filter((e) => e.kind === 'payment_attempt' || e.kind === 'provider_event')
        .map((e) => [e.title, e.detail?.replace(/evt_\w+/, 'evt_…') ?? null]),
    ).toEqual([
      ['Payment started', `Card payment of ${total}`],
      [
        'Card provider: payment failed',
        'stripe webhook event evt_… (payment_intent.payment_failed)',
      ],
      ['Payment declined', 'Your card has insufficient funds. (card ending 9995)'],
      ['Card provider: payment succeeded', 'stripe webhook event evt_… (payment_intent.succeeded)'],
      [
        'Payment succeeded',
        `${total} approved by the card provider (card ending 9995). Transaction ${intent.id}.`,
      ],
    ]);
  });

  it('believes Stripe, not the event body: a success event for an unpaid intent pays nothing', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    const payload = JSON.stringify(
      eventFor('payment_intent.succeeded', { ...intent, status: 'succeeded' }),
    );
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('does not pay on an intent for another amount, nor move a shipped or cancelled order', async () => {
    const placed = await insertOrder(t.app, alice);
    const cheap = fake.addIntent({
      amount: 50,
      status: 'succeeded',
      metadata: { orderId: placed.id },
    });
    const shipped = await insertOrder(t.app, alice);
    const shippedIntent = await intentFor(alice, shipped);
    fake.setStatus(shippedIntent.id, 'succeeded');
    await t.app.db.update(order).set({ status: 'shipped' }).where(eq(order.id, shipped.id));
    const cancelled = await insertOrder(t.app, alice);
    const cancelledIntent = await intentFor(alice, cancelled);
    fake.setStatus(cancelledIntent.id, 'succeeded');
    await t.app.db.update(order).set({ status: 'cancelled' }).where(eq(order.id, cancelled.id));

    for (const intent of [cheap, shippedIntent, cancelledIntent]) {
      const payload = JSON.stringify(eventFor('payment_intent.succeeded', intent));
      expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    }
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
    expect((await readOrder(t.app, shipped.id)).status).toBe('shipped');
    expect((await readOrder(t.app, cancelled.id)).status).toBe('cancelled');
  });

  it('acknowledges events it does not act on', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('answers 502 when Stripe cannot be asked, so Stripe retries; the retry applies', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const payload = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    fake.failWith = 500;
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(502);
    expect(await eventsFor(placed.id)).toEqual([]);
    fake.failWith = null;
    expect((await postWebhook(payload, sign(payload))).json()).toEqual({ received: true });
    expect((await readOrder(t.app, placed.id)).status).toBe('paid');
  });

  it('pays once when the browser confirmation and the webhook race', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const payloads = [1, 2].map(() => JSON.stringify(eventFor('payment_intent.succeeded', intent)));
    const results = await Promise.all([
      patchOrder(alice, placed.id, intent.id),
      ...payloads.map((p) => postWebhook(p, sign(p))),
      patchOrder(alice, placed.id, intent.id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const paid = await readOrder(t.app, placed.id);
    expect(paid).toMatchObject({ status: 'paid', transactionId: intent.id });
    expect(paid.paidAt).not.toBeNull();

    // A second confirmation of each kind changes nothing.
    const again = JSON.stringify(eventFor('payment_intent.succeeded', intent));
    expect((await postWebhook(again, sign(again))).statusCode).toBe(200);
    expect((await patchOrder(alice, placed.id, intent.id)).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).paidAt).toEqual(paid.paidAt);
  });

  it('reports the state change to exactly one of two racing webhook deliveries', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const provider = stripeProvider();
    const outcomes = await Promise.all(
      [1, 2].map((n) =>
        handleWebhookEvent(
          t.app.db,
          {
            id: `evt_race_${n}_${placed.id}`,
            type: 'payment_intent.succeeded',
            intentId: intent.id,
          },
          provider,
          { notify, seller },
          recordRefund,
        ),
      ),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already_paid', 'paid']);
    const paidAt = (await readOrder(t.app, placed.id)).paidAt;
    expect(paidAt).not.toBeNull();
    expect((await patchOrder(alice, placed.id, intent.id)).statusCode).toBe(200);
    expect((await readOrder(t.app, placed.id)).paidAt).toEqual(paidAt);
    // One payment, one receipt, however many events and confirmations report it.
    const receipts = await t.app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, placed.id), eq(mailOutbox.kind, 'order_paid')));
    expect(receipts).toHaveLength(1);
  });
});

describe('Stripe provider: cancelling an order with a payment intent', () => {
  const cancel = (orderId: string) =>
    request(t.app, { method: 'DELETE', url: `/api/order/${orderId}`, as: alice });

  it('cancels the intent at Stripe before the order; a later success is paid_after_cancel', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    const res = await cancel(placed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(
      fake.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent.id}/cancel`,
      ),
    ).toBe(true);

    // Stripe should refuse to charge a cancelled intent; if money arrives anyway it is flagged.
    fake.setStatus(intent.id, 'succeeded');
    const event = eventFor('payment_intent.succeeded', intent);
    const payload = JSON.stringify(event);
    const delivered = await postWebhook(payload, sign(payload));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    expect(await eventsFor(placed.id)).toEqual([
      { eventId: event.id, type: 'payment_intent.succeeded' },
    ]);
    expect(await readOrder(t.app, placed.id)).toMatchObject({ status: 'cancelled', paidAt: null });

    const outcome = await handleWebhookEvent(
      t.app.db,
      { id: `${event.id}_again`, type: 'payment_intent.succeeded', intentId: intent.id },
      stripeProvider(),
      { notify, seller },
      recordRefund,
    );
    expect(outcome).toEqual({ outcome: 'paid_after_cancel', orderId: placed.id });
  });

  it('refuses to cancel an order Stripe has been paid for, and records the payment', async () => {
    const { placed, intent } = await unpaidOrderWithIntent();
    fake.setStatus(intent.id, 'succeeded');
    const res = await cancel(placed.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This order has already been paid.');
    expect(await readOrder(t.app, placed.id)).toMatchObject({
      status: 'paid',
      transactionId: intent.id,
    });
  });

  it('answers 502 and keeps the order when Stripe cannot be asked', async () => {
    const placed = await insertOrder(t.app, alice);
    await intentFor(alice, placed);
    fake.failWith = 500;
    const res = await cancel(placed.id);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res).message).toBe(paymentMessages.providerUnavailable);
    expect((await readOrder(t.app, placed.id)).status).toBe('pending_payment');
  });

  it('answers 409 and cancels the new intent when the order is cancelled while Stripe creates it', async () => {
    const placed = await insertOrder(t.app, alice);
    fake.beforeCreate = async () => {
      await t.app.db.update(order).set({ status: 'cancelled' }).where(eq(order.id, placed.id));
    };
    const res = await createIntent(alice, placed.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(paymentMessages.cancelled);
    const made = [...fake.intents.values()].filter((i) => i.metadata.orderId === placed.id);
    expect(made.map((i) => i.status)).toEqual(['canceled']);
    expect((await readOrder(t.app, placed.id)).paymentIntentId).toBeNull();
  });
});
