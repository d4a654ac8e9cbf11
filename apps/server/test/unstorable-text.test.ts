import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../src/db/schema/order.ts';
import { review } from '../src/db/schema/review.ts';
import { unstorableTextAt } from '../src/plugins/unstorable-text.ts';
import { insertTool } from './shop-fixtures.ts';
import {
  createTestApp,
  registerUser,
  request,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from './test-app.ts';

// Text PostgreSQL cannot store (a NUL, half a surrogate pair) is refused where it enters, with a
// 400 naming the field, on both databases: it used to reach the database and answer 500.
const FIELD_MESSAGE = 'Text must not contain a NUL character or half of a Unicode surrogate pair';
const unstorable = {
  NUL: 'Bench\u0000 12',
  'a lone high surrogate': 'Bench \ud800 12',
  'a lone low surrogate': '\udc00Bench 12',
};

describe('text that cannot be stored', () => {
  let t: TestApp;
  let buyer: TestUser;
  let toolId = '';
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await registerUser(t.app, { name: 'Nul Tester' });
    toolId = (await insertTool(t.app.db, { inStock: 10, minOrderQuantity: 1 })).id;
  });
  afterAll(() => t.close());

  const placeOrder = (address: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: buyer,
      payload: { toolId, quantity: 1, phone: '+44 20 7946 0000', address },
    });
  const ordersOfBuyer = async () =>
    (await t.app.db.select({ n: count() }).from(order).where(eq(order.userId, buyer.id)))[0]?.n;

  for (const [what, address] of Object.entries(unstorable)) {
    it(`refuses an order whose address holds ${what}, names the field and writes nothing`, async () => {
      const before = await ordersOfBuyer();
      const res = await placeOrder(address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: `Invalid field "address": ${FIELD_MESSAGE}.`,
          fields: { address: FIELD_MESSAGE },
        },
      });
      // The refusal still carries the security headers.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(await ordersOfBuyer()).toBe(before);
    });
  }

  it('still takes any other text, accents and emoji (surrogate pairs) included', async () => {
    // An address is printed on invoices, whose font has no emoji: the address rule refuses them.
    const res = await placeOrder('Straße 5, Zürich — bench №2');
    expect(res.statusCode).toBe(201);
    expect(res.json<{ address: string }>().address).toBe('Straße 5, Zürich — bench №2');
    const review = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      as: await registerUser(t.app),
      payload: { ratings: 5, comment: 'Straße-proof iron 🔧 — bench №2' },
    });
    expect(review.statusCode).toBe(201);
    expect(review.json<{ comment: string }>().comment).toBe('Straße-proof iron 🔧 — bench №2');
  });

  it('refuses a review comment with a NUL and keeps no review', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      as: buyer,
      payload: { ratings: 5, comment: 'Great\u0000 iron' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { comment: FIELD_MESSAGE } } });
    const [kept] = await t.app.db
      .select({ n: count() })
      .from(review)
      .where(eq(review.userId, buyer.id));
    expect(kept?.n).toBe(0);
  });

  it('refuses a sign-up whose name holds half a surrogate pair', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        name: 'Eve \ud83d',
        email: 'eve-surrogate@example.com',
        password: 'correct-horse-battery',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { name: FIELD_MESSAGE } } });
  });

  it('refuses %00 in a query string or a path with a 400, not a failed query', async () => {
    for (const url of [
      '/api/tool?search=%00',
      '/api/tool?category=a%00b',
      '/api/tool/%00',
      `/api/order?email=a%00@example.com`,
    ]) {
      const res = await request(t.app, { method: 'GET', url, as: buyer });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.json(), url).toEqual({
        error: {
          code: 'bad_request',
          message: 'The address of the request contains a NUL character (%00).',
        },
      });
    }
  });

  it('still parses JSON as before: bad JSON and prototype poisoning are refused', async () => {
    const postRaw = (payload: string) =>
      request(t.app, {
        method: 'POST',
        url: '/api/review',
        as: buyer,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const bad = await postRaw('{"ratings": 5,');
    expect(bad.statusCode).toBe(400);
    const poisoned = await postRaw('{"ratings": 5, "comment": "x", "__proto__": {"admin": true}}');
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('unstorableTextAt', () => {
  it('gives the path of the first unstorable string or key, and undefined when there is none', () => {
    expect(unstorableTextAt({ a: 'fine', b: ['ok', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(unstorableTextAt({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(unstorableTextAt('\udfff')).toBe('');
    expect(unstorableTextAt({ a: '🔧', b: 1, c: null, d: [true] })).toBeUndefined();
  });
});
