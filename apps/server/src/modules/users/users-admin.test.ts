import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import type { Review } from '@voltforge/contract/review';
import { banMessages, type UserSummary } from '@voltforge/contract/user';
import { accountEvent } from '../../db/schema/account-event.ts';
import { session, user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { review } from '../../db/schema/review.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import {
  createTestApp,
  registerUser,
  request,
  sessionCookie,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { insertOrder, readOrder } from '../../../test/payment-test-orders.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { restoreAdmin } from './users-admin.service.ts';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

// Its own sign-ups, not createShopTestApp: the listing asserts the admin signed up first.
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { name: 'Ada Admin', role: 'admin' });
  customer = await registerUser(t.app, { name: 'Carl Customer' });
});
afterAll(() => t.close());

describe('GET /api/user', () => {
  it('lists accounts oldest first with email, name and role, and the total count', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/user', as: admin });
    expect(res.statusCode).toBe(200);
    const users = res.json<UserSummary[]>();
    expect(users.slice(0, 2)).toEqual([
      {
        id: admin.id,
        email: admin.email,
        name: 'Ada Admin',
        role: 'admin',
        createdAt: expect.any(String) as unknown,
        emailVerified: false,
        banned: false,
        ban: null,
        orderCount: 0,
      },
      {
        id: customer.id,
        email: customer.email,
        name: 'Carl Customer',
        role: 'user',
        createdAt: expect.any(String) as unknown,
        emailVerified: false,
        banned: false,
        ban: null,
        orderCount: 0,
      },
    ]);
    expect(Number(res.headers['x-total-count'])).toBe(users.length);
    expect(JSON.stringify(users)).not.toContain('password');
  });

  it('pages with pageSize and refuses a page size beyond the bound', async () => {
    await registerUser(t.app);
    const page = await request(t.app, {
      method: 'GET',
      url: '/api/user?pageSize=1&page=2',
      as: admin,
    });
    expect(page.json<UserSummary[]>().map((u) => u.id)).toEqual([customer.id]);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const tooBig = await request(t.app, {
      method: 'GET',
      url: '/api/user?pageSize=1000',
      as: admin,
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('finds accounts by part of their name or email, in any letter case, with their order count and flags', async () => {
    const found = await registerUser(t.app, { name: 'Zelda Zapper' });
    await insertOrder(t.app, found);
    await t.app.db.update(user).set({ emailVerified: true }).where(eq(user.id, found.id));
    await request(t.app, {
      method: 'PUT',
      url: `/api/user/ban/${encodeURIComponent(found.email)}`,
      payload: { reason: 'Chargeback fraud' },
      as: admin,
    });

    for (const search of ['zelda zap', found.email.slice(0, 12).toUpperCase()]) {
      const res = await request(t.app, {
        method: 'GET',
        url: `/api/user?search=${encodeURIComponent(search)}`,
        as: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<UserSummary[]>()).toEqual([
        expect.objectContaining({
          email: found.email,
          emailVerified: true,
          banned: true,
          orderCount: 1,
        }),
      ]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    // A percent sign is looked for as written, not as a wildcard.
    const none = await request(t.app, { method: 'GET', url: '/api/user?search=%25', as: admin });
    expect(none.json()).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(
      (await request(t.app, { method: 'GET', url: '/api/user', as: customer })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/user/admin/:email', () => {
  it('makes a customer an admin at once: modifiedCount 1, then 0', async () => {
    const someone = await registerUser(t.app, { name: 'Soon Admin' });
    const before = await request(t.app, { method: 'GET', url: '/api/orders', as: someone });
    expect(before.statusCode).toBe(403);

    const res = await request(t.app, {
      method: 'PUT',
      url: `/api/user/admin/${encodeURIComponent(someone.email.toUpperCase())}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });

    // The same session, without signing in again.
    const check = await request(t.app, {
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(someone.email)}`,
      as: someone,
    });
    expect(check.json()).toEqual({ admin: true });
    const after = await request(t.app, { method: 'GET', url: '/api/orders', as: someone });
    expect(after.statusCode).toBe(200);

    const again = await request(t.app, {
      method: 'PUT',
      url: `/api/user/admin/${encodeURIComponent(someone.email)}`,
      as: admin,
    });
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 for an unknown email', async () => {
    const res = await request(t.app, {
      method: 'PUT',
      url: '/api/user/admin/nobody%40example.com',
      as: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(adminMessages.userNotFound);
  });

  it('answers 403 to a customer, who cannot make anyone (themself included) an admin', async () => {
    for (const email of [customer.email, admin.email]) {
      const res = await request(t.app, {
        method: 'PUT',
        url: `/api/user/admin/${encodeURIComponent(email)}`,
        as: customer,
      });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.app.db.select().from(user).where(eq(user.id, customer.id));
    expect(row?.role).toBe('user');
    const anonymous = await request(t.app, {
      method: 'PUT',
      url: `/api/user/admin/${encodeURIComponent(customer.email)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/user/admin/:email (Remove admin)', () => {
  const demote = (email: string, as: TestUser | null) =>
    request(t.app, {
      method: 'DELETE',
      url: `/api/user/admin/${encodeURIComponent(email)}`,
      as,
    });

  it('makes an admin a customer again at once: modifiedCount 1, then 0', async () => {
    const other = await registerUser(t.app, { name: 'Former Admin', role: 'admin' });
    expect(
      (await request(t.app, { method: 'GET', url: '/api/orders', as: other })).statusCode,
    ).toBe(200);
    const res = await demote(other.email.toUpperCase(), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    // The same session loses the admin pages on its next request.
    expect(
      (await request(t.app, { method: 'GET', url: '/api/orders', as: other })).statusCode,
    ).toBe(403);
    expect((await demote(other.email, admin)).json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses an admin removing their own admin role, with a message', async () => {
    const res = await demote(` ${admin.email.toUpperCase()}`, admin);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(adminMessages.cannotRemoveOwnAdmin);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, admin.id));
    expect(row?.role).toBe('admin');
  });

  it('is for admins only, and answers 404 for an unknown email', async () => {
    const other = await registerUser(t.app, { role: 'admin' });
    expect((await demote(other.email, null)).statusCode).toBe(401);
    expect((await demote(other.email, customer)).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, other.id));
    expect(row?.role).toBe('admin');
    const unknown = await demote('nobody-here@example.com', admin);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(adminMessages.userNotFound);
  });
});

describe('DELETE /api/user/:email', () => {
  it("ends the user's sessions at once and keeps their orders and reviews for the records", async () => {
    const leaving = await registerUser(t.app, { name: 'Lee Leaving' });
    const stripper = await insertTool(t.app.db, {
      name: 'Wire Stripper',
      priceCents: 1500,
      minOrderQuantity: 1,
      inStock: 50,
    });
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: stripper.id, quantity: 3, phone: '+1 555 010 2030', address: '9 Elm St' },
      as: leaving,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<Order>()._id;
    const reviewed = await request(t.app, {
      method: 'POST',
      url: '/api/review',
      payload: { ratings: 4, comment: 'Solid tool.' },
      as: leaving,
    });
    expect(reviewed.statusCode).toBe(201);
    const token = await request(t.app, {
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(leaving.email)}`,
      as: leaving,
    });
    const bearer = token.json<{ token: string }>().token;

    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(leaving.email)}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    // Their very next request, by cookie or by bearer token, is signed out.
    const next = await request(t.app, { method: 'GET', url: '/api/profile', as: leaving });
    expect(next.statusCode).toBe(401);
    const viaToken = await request(t.app, {
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(viaToken.statusCode).toBe(401);
    expect(await t.app.db.select().from(session).where(eq(session.userId, leaving.id))).toEqual([]);

    const orders = await request(t.app, { method: 'GET', url: '/api/orders', as: admin });
    expect(orders.json<Order[]>().find((o) => o._id === orderId)).toMatchObject({
      name: 'Lee Leaving',
      email: leaving.email,
      quantity: 3,
    });
    const [kept] = await t.app.db.select().from(order).where(eq(order.id, orderId));
    expect(kept?.userId).toBeNull();
    // It was unpaid: removing its customer cancelled it and gave its stock back.
    expect(kept?.status).toBe('cancelled');
    const [restored] = await t.app.db.select().from(tool).where(eq(tool.id, stripper.id));
    expect(restored?.inStock).toBe(50);
    const reviews = await request(t.app, { method: 'GET', url: '/api/review' });
    expect(reviews.json<Review[]>().some((r) => r.user === 'Lee Leaving')).toBe(true);
    const [keptReview] = await t.app.db
      .select()
      .from(review)
      .where(eq(review.userName, 'Lee Leaving'));
    expect(keptReview?.userId).toBeNull();

    const again = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(leaving.email)}`,
      as: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it("cancels the user's unpaid orders so their stock is back, and keeps a paid one as it is", async () => {
    const leaving = await registerUser(t.app, { name: 'Pat Pending' });
    const { id: toolId } = await insertTool(t.app.db, {
      name: 'Crimping Tool',
      priceCents: 2500,
      minOrderQuantity: 1,
      inStock: 20,
    });
    const place = async (quantity: number) => {
      const placed = await request(t.app, {
        method: 'POST',
        url: '/api/order',
        payload: { toolId, quantity, phone: '+1 555 010 2030', address: '9 Elm St' },
        as: leaving,
      });
      expect(placed.statusCode).toBe(201);
      return placed.json<Order>()._id;
    };
    const pendingA = await place(4);
    const pendingB = await place(2);
    const paid = await place(5);
    await t.app.db
      .update(order)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(order.id, paid));
    const stock = async () =>
      (await request(t.app, { method: 'GET', url: `/api/tool/${toolId}` })).json<{
        inStock: number;
      }>().inStock;
    expect(await stock()).toBe(9);

    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(leaving.email)}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await stock()).toBe(15);
    const one = async (id: string) =>
      (await request(t.app, { method: 'GET', url: `/api/order/${id}`, as: admin })).json<Order>();
    expect(await one(pendingA)).toMatchObject({ status: 'cancelled', quantity: 4 });
    expect(await one(pendingB)).toMatchObject({ status: 'cancelled', quantity: 2 });
    expect(await one(paid)).toMatchObject({ status: 'paid', quantity: 5 });
    const movements = await t.app.db
      .select({ delta: stockMovement.delta, orderId: stockMovement.orderId })
      .from(stockMovement)
      .where(and(eq(stockMovement.toolId, toolId), eq(stockMovement.reason, 'cancel')));
    expect(movements).toEqual(
      expect.arrayContaining([
        { delta: 4, orderId: pendingA },
        { delta: 2, orderId: pendingB },
      ]),
    );
    expect(movements).toHaveLength(2);
  });

  it("cancels an unpaid order's payment intent too, so it can no longer be paid", async () => {
    const leaving = await registerUser(t.app, { name: 'Ivy Intent' });
    const placed = await insertOrder(t.app, leaving, { quantity: 4 });
    const intent = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: placed.id },
      as: leaving,
    });
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();

    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(leaving.email)}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);

    expect(await readOrder(t.app, placed.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    const [row] = await t.app.db
      .select({ status: testPaymentIntent.status })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.clientSecret, clientSecret));
    expect(row?.status).toBe('canceled');
    const [restocked] = await t.app.db
      .select()
      .from(tool)
      .where(eq(tool.id, placed.lines[0]!.toolId));
    // insertOrder wrote the order without taking its 4 from the 100: the cancel adds them back.
    expect(restocked?.inStock).toBe(104);
  });

  it('refuses to remove yourself, with a message', async () => {
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(admin.email.toUpperCase())}`,
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(adminMessages.cannotRemoveSelf);
    expect((await request(t.app, { method: 'GET', url: '/api/user', as: admin })).statusCode).toBe(
      200,
    );
  });

  it('is for admins only', async () => {
    const target = await registerUser(t.app);
    const asCustomer = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(target.email)}`,
      as: customer,
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(target.email)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const still = await request(t.app, { method: 'GET', url: '/api/profile', as: target });
    expect(still.statusCode).toBe(200);
  });
});

/** A second browser: its own sign-in, so its own session cookie. */
async function signInAgain(who: TestUser): Promise<TestUser> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...who, cookie: sessionCookie(res) };
}

const profileStatus = async (as: TestUser) =>
  (await request(t.app, { method: 'GET', url: '/api/profile', as })).statusCode;

describe('ending every session of an account', () => {
  it('Disable (ban) signs the account out of every browser on its very next request, and it cannot sign in again', async () => {
    const laptop = await registerUser(t.app, { name: 'Bea Banned' });
    const phone = await signInAgain(laptop);
    expect(laptop.cookie).not.toBe(phone.cookie);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(200);

    const res = await request(t.app, {
      method: 'PUT',
      url: `/api/user/ban/${encodeURIComponent(laptop.email)}`,
      payload: { reason: 'Chargeback fraud' },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });

    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await t.app.db.select().from(session).where(eq(session.userId, laptop.id))).toEqual([]);
    const again = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: laptop.email, password: laptop.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: 'This account has been disabled.' });
  });

  it('Disable asks why; staff see the reason, who and when; the reason stays on the history', async () => {
    const target = await registerUser(t.app, { name: 'Rhea Reason' });
    const ban = (payload?: Record<string, unknown>) =>
      request(t.app, {
        method: 'PUT',
        url: `/api/user/ban/${encodeURIComponent(target.email)}`,
        payload,
        as: admin,
      });
    for (const payload of [
      undefined,
      {},
      { reason: '   ' },
      { reason: 'two\nlines' },
      { reason: 'x'.repeat(201) },
    ]) {
      const refused = await ban(payload);
      expect(refused.statusCode).toBe(400);
      if (payload !== undefined) expect(errorOf(refused).message).toContain(banMessages.reason);
    }
    expect(await profileStatus(target)).toBe(200);

    expect((await ban({ reason: ' Chargeback fraud ' })).json()).toEqual({ modifiedCount: 1 });
    // Banning again changes nothing, the first reason included.
    expect((await ban({ reason: 'Something else' })).json()).toEqual({ modifiedCount: 0 });
    const listed = async () => {
      const res = await request(t.app, {
        method: 'GET',
        url: `/api/user?search=${encodeURIComponent(target.email)}`,
        as: admin,
      });
      return res.json<UserSummary[]>()[0];
    };
    const banned = await listed();
    expect(banned?.ban).toEqual({
      reason: 'Chargeback fraud',
      by: admin.name,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
    expect(Math.abs(Date.parse(banned!.ban!.at) - Date.now())).toBeLessThan(60_000);

    await request(t.app, {
      method: 'DELETE',
      url: `/api/user/ban/${encodeURIComponent(target.email)}`,
      as: admin,
    });
    expect((await listed())?.ban).toBeNull();
    const history = await t.app.db
      .select()
      .from(accountEvent)
      .where(eq(accountEvent.userId, target.id))
      .orderBy(asc(accountEvent.createdAt));
    expect(history.map((e) => [e.kind, e.reason, e.actorId])).toEqual([
      ['banned', 'Chargeback fraud', admin.id],
      ['unbanned', null, admin.id],
    ]);
  });

  it('Disable is for admins only, and an admin cannot disable themself', async () => {
    const target = await registerUser(t.app);
    const ban = (email: string, as: TestUser | null) =>
      request(t.app, {
        method: 'PUT',
        url: `/api/user/ban/${encodeURIComponent(email)}`,
        payload: { reason: 'Chargeback fraud' },
        as,
      });
    expect((await ban(target.email, null)).statusCode).toBe(401);
    expect((await ban(target.email, customer)).statusCode).toBe(403);
    const self = await ban(admin.email, admin);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(adminMessages.cannotBanSelf);
    expect((await ban('nobody-here@example.com', admin)).statusCode).toBe(404);
    expect(await profileStatus(target)).toBe(200);
  });

  it('Enable (unban) lets a disabled account sign in again; it is for admins only', async () => {
    const target = await registerUser(t.app, { name: 'Una Unbanned' });
    const ban = await request(t.app, {
      method: 'PUT',
      url: `/api/user/ban/${encodeURIComponent(target.email)}`,
      payload: { reason: 'Chargeback fraud' },
      as: admin,
    });
    expect(ban.json()).toEqual({ modifiedCount: 1 });
    const unban = (as: TestUser | null) =>
      request(t.app, {
        method: 'DELETE',
        url: `/api/user/ban/${encodeURIComponent(target.email)}`,
        as,
      });
    expect((await unban(null)).statusCode).toBe(401);
    expect((await unban(customer)).statusCode).toBe(403);
    const signIn = () =>
      request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: target.email, password: target.password },
      });
    expect((await signIn()).statusCode).toBe(403);

    const res = await unban(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await unban(admin)).json()).toEqual({ modifiedCount: 0 });
    const again = await signIn();
    expect(again.statusCode).toBe(200);
    expect(await profileStatus({ ...target, cookie: sessionCookie(again) })).toBe(200);
    const listed = await request(t.app, {
      method: 'GET',
      url: `/api/user?search=${encodeURIComponent(target.email)}`,
      as: admin,
    });
    expect(listed.json<UserSummary[]>()[0]?.banned).toBe(false);
  });

  it('Remove User signs the account out of every browser on its very next request', async () => {
    const laptop = await registerUser(t.app, { name: 'Rita Removed' });
    const phone = await signInAgain(laptop);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(laptop.email)}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
  });
});

describe('the last admin who can sign in', () => {
  // An app of its own: exactly two admins, so that each may act on the other.
  let shop: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    shop = await createTestApp();
    ann = await registerUser(shop.app, { name: 'Ann Admin', role: 'admin' });
    ben = await registerUser(shop.app, { name: 'Ben Admin', role: 'admin' });
  });
  afterAll(() => shop.close());

  const act = (method: 'PUT' | 'DELETE', path: string, email: string, as: TestUser) =>
    request(shop.app, {
      method,
      url: `${path}${encodeURIComponent(email)}`,
      ...(method === 'PUT' && path === '/api/user/ban/'
        ? { payload: { reason: 'Chargeback fraud' } }
        : {}),
      as,
    });
  const activeAdmins = async () =>
    (await shop.app.db.select().from(user).where(eq(user.role, 'admin'))).filter((u) => !u.banned)
      .length;

  it('survives two admins demoting each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        act('DELETE', '/api/user/admin/', ben.email, ann),
        act('DELETE', '/api/user/admin/', ann.email, ben),
      ]);
      const done = answers.filter(
        (a) => a.statusCode === 200 && a.json<{ modifiedCount: number }>().modifiedCount === 1,
      );
      expect(done).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        // Refused by the rule, or by the guard when the other's demotion came first.
        expect([403, 409]).toContain(refused.statusCode);
        if (refused.statusCode === 409)
          expect(errorOf(refused).message).toBe(adminMessages.lastAdmin);
      }
      expect(await activeAdmins()).toBe(1);
      // Whoever is still an admin makes the other one again for the next round.
      const [still] = await shop.app.db.select().from(user).where(eq(user.role, 'admin'));
      const [keeper, other] = still!.id === ann.id ? [ann, ben] : [ben, ann];
      expect((await act('PUT', '/api/user/admin/', other.email, keeper)).statusCode).toBe(200);
    }
  });

  it('survives two admins disabling each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        act('PUT', '/api/user/ban/', ben.email, ann),
        act('PUT', '/api/user/ban/', ann.email, ben),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(await activeAdmins()).toBe(1);
      const [kept] = (await shop.app.db.select().from(user).where(eq(user.role, 'admin'))).filter(
        (u) => !u.banned,
      );
      const [keeper, other] = kept!.id === ann.id ? [ann, ben] : [ben, ann];
      expect((await act('DELETE', '/api/user/ban/', other.email, keeper)).statusCode).toBe(200);
      // A disabled account's sessions ended: it signs in again for the next round.
      const signedIn = await request(shop.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: other.email, password: other.password },
      });
      expect(signedIn.statusCode).toBe(200);
      other.cookie = sessionCookie(signedIn);
    }
  });

  it('npm run user:make-admin gives back an admin who can sign in: enabled and an admin', async () => {
    const dana = await registerUser(shop.app, { name: 'Dana Admin', role: 'admin' });
    await shop.app.db.update(user).set({ banned: true, role: 'user' }).where(eq(user.id, dana.id));
    expect(await restoreAdmin(shop.app.db, ` ${dana.email.toUpperCase()}`)).toBe(true);
    const [row] = await shop.app.db.select().from(user).where(eq(user.id, dana.id));
    expect(row).toMatchObject({ role: 'admin', banned: false });
    const signedIn = await request(shop.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: dana.email, password: dana.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await restoreAdmin(shop.app.db, 'nobody-at-all@example.com')).toBe(false);
  });
});
