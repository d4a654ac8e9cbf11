import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMessages, type Review } from '@voltforge/contract/review';
import { user } from '../../db/schema/auth.ts';
import { review } from '../../db/schema/review.ts';
import { createTestApp, registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createShopTestApp({ names: { customerA: 'Alice Author', customerB: 'Bob Builder' } });
  ({ customerA: alice, customerB: bob } = t);
});
afterAll(() => t.close());

const valid = { ratings: 5, comment: 'Solid soldering station, heats up fast.' };

function post(payload: unknown, as: TestUser | null = alice) {
  return request(t.app, { method: 'POST', url: '/api/review', payload: payload as object, as });
}

async function list(query = ''): Promise<Review[]> {
  const res = await request(t.app, { method: 'GET', url: `/api/review${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<Review[]>();
}

describe('POST /api/review', () => {
  it('refuses an anonymous review with 401, whatever the body', async () => {
    for (const payload of [valid, { ratings: 9 }]) {
      const res = await post(payload, null);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
    }
  });

  it('names the author from the session and ignores a forged user name', async () => {
    const res = await post({ ...valid, user: 'Bob Builder', comment: 'Forged?' });
    expect(res.statusCode).toBe(201);
    const created = res.json<Review>();
    expect(created).toMatchObject({ user: 'Alice Author', ratings: 5, comment: 'Forged?' });
    expect(typeof created._id).toBe('string');
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);

    const [row] = await t.app.db.select().from(review).where(eq(review.id, created._id));
    expect(row?.userId).toBe(alice.id);
    expect((await list()).find((r) => r._id === created._id)?.user).toBe('Alice Author');
  });

  it('ignores fields the client may not set, such as the author id', async () => {
    const res = await post({ ...valid, userId: bob.id, user_id: bob.id, _id: 'x' }, alice);
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(review).where(eq(review.id, res.json<Review>()._id));
    expect(row?.userId).toBe(alice.id);
    expect(row?.userName).toBe('Alice Author');
  });

  it('uses the given photo URL, else the account photo, else none', async () => {
    const given = await post({ ...valid, profile: 'https://img.example.com/me.png' });
    expect(given.json<Review>().profile).toBe('https://img.example.com/me.png');

    const none = await post({ ...valid, profile: '' }, bob);
    expect(none.json<Review>().profile).toBeNull();

    await t.app.db
      .update(user)
      .set({ image: 'https://img.example.com/bob.jpg' })
      .where(eq(user.id, bob.id));
    const fromAccount = await post(valid, bob);
    expect(fromAccount.json<Review>().profile).toBe('https://img.example.com/bob.jpg');
  });

  it.each([0, 6, 4.5, -1, '5', null])('refuses ratings %j with a message', async (ratings) => {
    const res = await post({ ...valid, ratings });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'validation_failed',
      fields: { ratings: reviewMessages.ratingsRange },
    });
  });

  it('accepts every whole rating from 1 to 5', async () => {
    for (const ratings of [1, 2, 3, 4, 5]) {
      expect((await post({ ...valid, ratings })).statusCode).toBe(201);
    }
  });

  it('requires a comment and bounds its length', async () => {
    for (const comment of [undefined, '', '   ']) {
      const res = await post({ ratings: 4, comment });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ comment: reviewMessages.commentRequired });
    }
    const tooLong = await post({ ratings: 4, comment: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toEqual({ comment: reviewMessages.commentTooLong });
    expect((await post({ ratings: 4, comment: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://files.example.com/a.png',
    'not a url',
  ])('refuses the photo URL %s', async (profile) => {
    const res = await post({ ...valid, profile });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ profile: reviewMessages.photoUrlInvalid });
  });

  it('stores markup as plain text, unchanged', async () => {
    const comment = '<img src=x onerror=alert(1)> & <script>alert(2)</script>';
    const res = await post({ ...valid, comment });
    expect(res.statusCode).toBe(201);
    expect(res.json<Review>().comment).toBe(comment);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('GET /api/review', () => {
  it('lists newest first, 12 by default, and honours limit', async () => {
    const fresh = await createTestApp();
    try {
      const author = await registerUser(fresh.app, { name: 'Order Tester' });
      for (let i = 1; i <= 14; i += 1) {
        const res = await request(fresh.app, {
          method: 'POST',
          url: '/api/review',
          payload: { ratings: 3, comment: `review ${i}` },
          as: author,
        });
        expect(res.statusCode).toBe(201);
      }
      const all = await request(fresh.app, { method: 'GET', url: '/api/review' });
      const comments = all.json<Review[]>().map((r) => r.comment);
      expect(comments).toHaveLength(12);
      expect(comments.slice(0, 3)).toEqual(['review 14', 'review 13', 'review 12']);

      const two = await request(fresh.app, { method: 'GET', url: '/api/review?limit=2' });
      expect(two.json<Review[]>().map((r) => r.comment)).toEqual(['review 14', 'review 13']);
    } finally {
      await fresh.close();
    }
  });

  it.each(['0', '51', 'abc', '2.5'])('refuses limit=%s with a message', async (limit) => {
    const res = await request(t.app, { method: 'GET', url: `/api/review?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ limit: reviewMessages.limitRange });
  });

  it('is public and returns the spec fields only', async () => {
    const [first] = await list('?limit=1');
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['_id', 'comment', 'createdAt', 'profile', 'ratings', 'user'].sort(),
    );
  });
});
