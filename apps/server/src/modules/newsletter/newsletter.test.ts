import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriber } from '../../db/schema/newsletter.ts';
import { createTestApp, request, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) =>
  request(t.app, { method: 'POST', url: '/api/newsletter', payload: payload as object });

describe('POST /api/newsletter', () => {
  it('stores a new address unconfirmed, and answers a repeat the same with no second row', async () => {
    const first = await subscribe({ email: 'ada@example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      email: 'ada@example.com',
      message:
        'Almost done! Check your inbox and click the link in our mail to confirm your subscription.',
    });

    const again = await subscribe({ email: '  ADA@Example.com ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const stored = await t.app.db.select().from(newsletterSubscriber);
    expect(stored.map((s) => [s.email, s.confirmedAt])).toEqual([['ada@example.com', null]]);
  });

  it('stores one row when the same address arrives twice at once', async () => {
    const results = await Promise.all([
      subscribe({ email: 'twice@example.com' }),
      subscribe({ email: 'twice@example.com' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const stored = await t.app.db.select().from(newsletterSubscriber);
    expect(stored.filter((s) => s.email === 'twice@example.com')).toHaveLength(1);
  });

  it('accepts a dotted address with a long top-level domain', async () => {
    expect((await subscribe({ email: 'john.doe@mail.example.info' })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Provide a valid Email'],
    [{ email: '' }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: 42 }, 'Email is required'],
  ])('rejects %j with a 400 on the email field', async (payload, message) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: `Invalid field "email": ${message}`,
        fields: { email: message },
      },
    });
  });
});
