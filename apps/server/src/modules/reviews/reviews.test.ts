import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMessages, type AdminReview, type Review } from '@voltforge/contract/review';
import type { ShopSummary } from '@voltforge/contract/content';
import type { Db } from '../../db/client.ts';
import { insertOrder } from '../../../test/payment-test-orders.ts';
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

/** As if a day had passed since this author's last review: the one-a-day rule lets them post. */
async function aDayLater(db: Db, author: TestUser) {
  await db
    .update(review)
    .set({ createdAt: sql`${review.createdAt} - interval '25 hours'` })
    .where(eq(review.userId, author.id));
}

/** Posts a review a day after the author's last one, so tests of other rules are not limited. */
async function post(payload: unknown, as: TestUser | null = alice) {
  if (as) await aDayLater(t.app.db, as);
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
    // Written behind the shop's back: wait, as the shop's own writes do, until the instance has
    // heard of the change and forgotten Bob's kept account (on PostgreSQL the notice is async).
    await t.app.changeFeed.caughtUp();
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
        await aDayLater(fresh.app.db, author);
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
      ['_id', 'comment', 'createdAt', 'profile', 'ratings', 'user', 'verifiedBuyer'].sort(),
    );
  });
});

describe('one review per account per day', () => {
  it('refuses a second review the same day with 409 and a message, and allows one a day later', async () => {
    const author = await registerUser(t.app, { name: 'Daily Dora' });
    const first = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      payload: valid,
      as: author,
    });
    expect(first.statusCode).toBe(201);
    const second = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      payload: { ...valid, comment: 'Me again, five stars again.' },
      as: author,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'conflict', message: reviewMessages.oncePerDay });
    expect((await list('?limit=50')).filter((r) => r.user === 'Daily Dora')).toHaveLength(1);

    await aDayLater(t.app.db, author);
    const nextDay = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      payload: valid,
      as: author,
    });
    expect(nextDay.statusCode).toBe(201);
  });

  it('lets exactly one of many simultaneous posts through', async () => {
    const author = await registerUser(t.app, { name: 'Burst Bert' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(t.app, {
          method: 'POST',
          url: '/api/review',
          payload: { ratings: 5, comment: `burst ${i}` },
          as: author,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const rows = await t.app.db.select().from(review).where(eq(review.userId, author.id));
    expect(rows).toHaveLength(1);
  });
});

describe('Verified buyer', () => {
  it('marks the reviews of an author with a paid order, and only those', async () => {
    const buyer = await registerUser(t.app, { name: 'Paying Pat' });
    const browser = await registerUser(t.app, { name: 'Window Wendy' });
    await insertOrder(t.app, browser, { status: 'pending_payment' });
    const mine = (await post({ ...valid, comment: 'before paying' }, buyer)).json<Review>();
    expect(mine.verifiedBuyer).toBe(false);
    expect((await post(valid, browser)).json<Review>().verifiedBuyer).toBe(false);

    await insertOrder(t.app, buyer, { status: 'delivered' });
    const listed = await list('?limit=50');
    expect(listed.find((r) => r._id === mine._id)?.verifiedBuyer).toBe(true);
    expect(listed.find((r) => r.user === 'Window Wendy')?.verifiedBuyer).toBe(false);
    expect(
      (await post({ ...valid, comment: 'after paying' }, buyer)).json<Review>().verifiedBuyer,
    ).toBe(true);
  });
});

describe('hiding a review (admin)', () => {
  let shop: ShopTestApp;
  beforeAll(async () => {
    shop = await createShopTestApp({ names: { admin: 'Moderating Mo' } });
  });
  afterAll(() => shop.close());

  const postAs = async (who: TestUser, ratings: number, comment: string) => {
    await aDayLater(shop.app.db, who);
    return request(shop.app, {
      method: 'POST',
      url: '/api/review',
      payload: { ratings, comment },
      as: who,
    });
  };
  const hide = (id: string, hidden: unknown, as: TestUser | null) =>
    request(shop.app, { method: 'PATCH', url: `/api/review/${id}`, payload: { hidden }, as });
  const summary = async () =>
    (await request(shop.app, { method: 'GET', url: '/api/summary' })).json<ShopSummary>();
  const publicList = async () =>
    (await request(shop.app, { method: 'GET', url: '/api/review' })).json<Review[]>();

  it('takes the review off the home page and out of the average, recording who and when', async () => {
    const good = (await postAs(shop.customerA, 5, 'Great shop')).json<Review>();
    const fake = (await postAs(shop.customerB, 1, 'Terrible, buy elsewhere!!!')).json<Review>();
    expect(await summary()).toMatchObject({ reviewCount: 2, averageRating: 3 });

    const res = await hide(fake._id, true, shop.admin);
    expect(res.statusCode).toBe(200);
    const hidden = res.json<AdminReview>();
    expect(hidden).toMatchObject({ _id: fake._id, hidden: true, hiddenBy: 'Moderating Mo' });
    expect(Date.now() - Date.parse(hidden.hiddenAt ?? '')).toBeLessThan(60_000);

    expect((await publicList()).map((r) => r._id)).toEqual([good._id]);
    expect(await summary()).toMatchObject({ reviewCount: 1, averageRating: 5 });

    const managed = await request(shop.app, { method: 'GET', url: '/api/reviews', as: shop.admin });
    expect(managed.statusCode).toBe(200);
    expect(managed.headers['x-total-count']).toBe('2');
    expect(managed.json<AdminReview[]>().map((r) => [r._id, r.hidden, r.hiddenBy])).toEqual([
      [fake._id, true, 'Moderating Mo'],
      [good._id, false, null],
    ]);

    const shown = await hide(fake._id, false, shop.admin);
    expect(shown.json<AdminReview>()).toMatchObject({
      hidden: false,
      hiddenAt: null,
      hiddenBy: null,
    });
    expect((await publicList()).map((r) => r._id)).toEqual([fake._id, good._id]);
    expect(await summary()).toMatchObject({ reviewCount: 2, averageRating: 3 });
  });

  it('is for admins only: 401 anonymous, 403 a customer, even the author', async () => {
    const own = (await postAs(shop.customerA, 4, 'Mine to hide?')).json<Review>();
    expect((await hide(own._id, true, null)).statusCode).toBe(401);
    const byAuthor = await hide(own._id, true, shop.customerA);
    expect(byAuthor.statusCode).toBe(403);
    expect(
      (await request(shop.app, { method: 'GET', url: '/api/reviews', as: shop.customerB }))
        .statusCode,
    ).toBe(403);
    expect((await publicList()).some((r) => r._id === own._id)).toBe(true);
  });

  it('answers 404 for an unknown review and 400 for a bad body', async () => {
    const missing = await hide('00000000-0000-4000-8000-000000000000', true, shop.admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(reviewMessages.reviewNotFound);
    expect((await hide('not-a-uuid', true, shop.admin)).statusCode).toBe(404);
    const [any] = await publicList();
    const bad = await hide(any?._id ?? '', 'yes', shop.admin);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('hidden');
  });
});
