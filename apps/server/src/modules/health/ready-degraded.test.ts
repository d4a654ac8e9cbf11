import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/outbox.ts';
import { SMTP_DEGRADED_MODE } from '../../mail/sender.ts';
import { request, type TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { FakeStripe } from '../../../test/fake-stripe.ts';
import { insertOrder } from '../../../test/payment-test-orders.ts';
import { PROVIDER_DEGRADED_MODE } from '../payments/active-provider.ts';

interface Ready {
  status: string;
  degraded?: Array<{ dependency: string; mode: string }>;
}

async function ready(app: TestApp['app']): Promise<Ready> {
  const res = await request(app, { method: 'GET', url: '/api/ready' });
  expect(res.statusCode).toBe(200);
  return res.json<Ready>();
}

/** Asks /api/ready every 100 ms until `until` holds; how long that took. */
async function readyUntil(app: TestApp['app'], until: (r: Ready) => boolean, boundMs: number) {
  const from = Date.now();
  for (;;) {
    if (until(await ready(app))) return Date.now() - from;
    if (Date.now() - from > boundMs)
      throw new Error(`/api/ready did not change within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const names = (dependency: string) => (r: Ready) =>
  (r.degraded ?? []).some((d) => d.dependency === dependency);

describe('/api/ready with a mail server that accepts connections and never answers', () => {
  let t: TestApp;
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('names SMTP as degraded while a delivery hangs, and stays ready', async () => {
    expect(await ready(t.app)).toEqual({ status: 'ready' });
    await enqueueMail(t.app.db, {
      to: 'grace@example.com',
      subject: 'A mail into the void',
      html: '<p>Hello</p>',
      text: 'Hello',
      kind: 'order_placed',
    });
    void t.app.mailSender.drain();
    const after = await readyUntil(t.app, names('smtp'), 8_000);
    expect(after).toBeLessThan(8_000);
    expect((await ready(t.app)).degraded).toContainEqual({
      dependency: 'smtp',
      mode: SMTP_DEGRADED_MODE,
    });
  }, 15_000);
});

describe('/api/ready with a card provider that hangs, then fails', () => {
  let fake: FakeStripe;
  let t: ShopTestApp;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await createShopTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_HOST: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const pay = (orderId: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId },
      as: t.customerA,
    });

  it('names the provider while a payment waits for it, and forgets once it answers', async () => {
    let answer: () => void = () => undefined;
    fake.beforeCreate = () => new Promise<void>((resolve) => (answer = resolve));
    const placed = await insertOrder(t.app, t.customerA);
    const paying = pay(placed.id);
    await readyUntil(t.app, names('payments'), 8_000);
    expect((await ready(t.app)).degraded).toContainEqual({
      dependency: 'payments',
      mode: PROVIDER_DEGRADED_MODE,
    });
    answer();
    expect((await paying).statusCode).toBe(200);
    expect(await ready(t.app)).toEqual({ status: 'ready' });
    fake.beforeCreate = null;
  }, 20_000);

  it('names the provider after a call it failed, until one succeeds', async () => {
    fake.failWith = 500;
    const placed = await insertOrder(t.app, t.customerA);
    expect((await pay(placed.id)).statusCode).toBe(502);
    expect(names('payments')(await ready(t.app))).toBe(true);
    fake.failWith = null;
    expect((await pay(placed.id)).statusCode).toBe(200);
    expect(await ready(t.app)).toEqual({ status: 'ready' });
  });
});
