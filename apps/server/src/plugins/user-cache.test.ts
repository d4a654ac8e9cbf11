import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import type { Profile } from '@voltforge/contract/profile';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { order } from '../db/schema/order.ts';
import {
  openTestDatabase,
  registerUser,
  request,
  TEST_ORIGIN,
  testConfig,
  type TestUser,
} from '../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../test/shop-fixtures.ts';

const orderBody = (toolId: string, quantity = 1) => ({
  toolId,
  quantity,
  phone: '+1 (555) 010-2030',
  address: '12 Foundry Lane, Springfield',
});

const onPostgres = Boolean(inject('pgTemplate'));

describe("a signed-in user's own answers and session, kept between requests", () => {
  let t: ShopTestApp;
  beforeAll(async () => {
    // A TTL far longer than the test: only the change notifications can refresh what is kept.
    t = await createShopTestApp({ env: { SESSION_CACHE_TTL_MS: '60000' } });
  });
  afterAll(() => t.close());

  const profile = (who: TestUser, headers: Record<string, string> = {}) =>
    request(t.app, { method: 'GET', url: '/api/profile', as: who, headers });
  const myOrders = (who: TestUser) => request(t.app, { method: 'GET', url: '/api/order', as: who });

  it('answer a repeated read with the same private, revalidatable bytes', async () => {
    const first = await profile(t.customerA);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await profile(t.customerA);
    expect(second.headers.etag).toBe(etag);
    expect(second.json()).toEqual(first.json());
    expect((await profile(t.customerA, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another user never gets A's answer.
    expect((await profile(t.customerB)).json<Profile>().email).toBe(t.customerB.email);
  });

  it("show the user's own profile change on the next read", async () => {
    expect((await profile(t.customerA)).json<Profile>().profession).toBeNull();
    const saved = await request(t.app, {
      method: 'POST',
      url: `/api/user/${encodeURIComponent(t.customerA.email)}`,
      as: t.customerA,
      payload: {
        name: t.customerA.name,
        profession: 'Electrician',
        address: '1 Volt Street',
        phone: '+15550102030',
        linkedin: 'https://www.linkedin.com/in/alice',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await profile(t.customerA)).json<Profile>().profession).toBe('Electrician');
  });

  it('show a new order, an admin status change and a change made in the database at once', async () => {
    const { id: toolId } = await insertTool(t.app.db, { inStock: 50, minOrderQuantity: 1 });
    const before = (await myOrders(t.customerB)).json<Order[]>();
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: t.customerB,
      payload: orderBody(toolId, 2),
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<Order>()._id;
    const after = (await myOrders(t.customerB)).json<Order[]>();
    expect(after.map((o) => o._id)).toEqual([orderId, ...before.map((o) => o._id)]);

    // A payment webhook, the expiry sweep or another process writes straight to the table.
    await t.app.db.update(order).set({ status: 'paid' }).where(eq(order.id, orderId));
    await t.app.changeFeed.caughtUp();
    expect((await myOrders(t.customerB)).json<Order[]>()[0]?.status).toBe('paid');

    const shipped = await request(t.app, {
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      as: t.admin,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    expect((await myOrders(t.customerB)).json<Order[]>()[0]?.status).toBe('shipped');
  });

  it('end a session on its next request after sign-out, a ban, or a change in the database', async () => {
    const person = await registerUser(t.app);
    expect((await profile(person)).statusCode).toBe(200);
    const out = await request(t.app, { method: 'POST', url: '/api/auth/sign-out', as: person });
    expect(out.statusCode).toBe(200);
    expect((await profile(person)).statusCode).toBe(401);

    const banned = await registerUser(t.app);
    expect((await profile(banned)).statusCode).toBe(200);
    const ban = await request(t.app, {
      method: 'PUT',
      url: `/api/user/ban/${encodeURIComponent(banned.email)}`,
      payload: { reason: 'Chargeback fraud' },
      as: t.admin,
    });
    expect(ban.statusCode).toBe(200);
    expect((await profile(banned)).statusCode).toBe(401);

    const promoted = await registerUser(t.app);
    const users = () => request(t.app, { method: 'GET', url: '/api/user', as: promoted });
    expect((await users()).statusCode).toBe(403);
    await t.app.db.execute(sql`update "user" set role = 'admin' where id = ${promoted.id}`);
    await t.app.changeFeed.caughtUp();
    expect((await users()).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('two instances sharing one PostgreSQL database', () => {
  let a: App;
  let b: App;
  let databaseB: Database;
  let close: () => Promise<void>;
  let admin: TestUser;
  let baseA: string;
  let baseB: string;

  /**
   * A real HTTP request, as a browser sends it: it reaches the instance through its event loop,
   * as notifications do (app.inject would skip the loop and outrun them).
   */
  async function http(base: string, method: string, url: string, who: TestUser, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        cookie: who.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { statusCode: res.status, json: <T>() => JSON.parse(text) as T };
  }

  beforeAll(async () => {
    const opened = await openTestDatabase();
    if (!opened.url) throw new Error('expected a PostgreSQL database URL');
    databaseB = await openDatabase({ kind: 'postgres', url: opened.url });
    a = await buildApp(testConfig(), { database: opened.database, logger: false });
    // B keeps sessions and answers far longer than the test: only notifications refresh them.
    b = await buildApp(testConfig({ SESSION_CACHE_TTL_MS: '60000' }), {
      database: databaseB,
      logger: false,
    });
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    admin = await registerUser(a, { role: 'admin' });
    close = async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([opened.database.close(), databaseB.close()]);
      await opened.drop();
    };
  });
  afterAll(() => close());

  it('a sign-out, a ban or a role change made through A holds on B from the very next request', async () => {
    const person = await registerUser(a);
    const onB = (url: string) => http(baseB, 'GET', url, person);
    expect((await onB('/api/profile')).statusCode).toBe(200);
    expect((await onB('/api/user')).statusCode).toBe(403);

    const made = await http(
      baseA,
      'PUT',
      `/api/user/admin/${encodeURIComponent(person.email)}`,
      admin,
    );
    expect(made.statusCode).toBe(200);
    expect((await onB('/api/user')).statusCode).toBe(200);

    const ban = await http(
      baseA,
      'PUT',
      `/api/user/ban/${encodeURIComponent(person.email)}`,
      admin,
      { reason: 'Chargeback fraud' },
    );
    expect(ban.statusCode).toBe(200);
    expect((await onB('/api/profile')).statusCode).toBe(401);

    const leaving = await registerUser(a);
    const leavingOnB = () => http(baseB, 'GET', '/api/profile', leaving);
    expect((await leavingOnB()).statusCode).toBe(200);
    const out = await http(baseA, 'POST', '/api/auth/sign-out', leaving, {});
    expect(out.statusCode).toBe(200);
    expect((await leavingOnB()).statusCode).toBe(401);
  });

  it("an order placed on A is in the customer's list on B at once", async () => {
    const shopper = await registerUser(a);
    const { id: toolId } = await insertTool(a.db, { inStock: 10, minOrderQuantity: 1 });
    const listOnB = async () => (await http(baseB, 'GET', '/api/order', shopper)).json<Order[]>();
    expect(await listOnB()).toEqual([]);
    const placed = await http(baseA, 'POST', '/api/order', shopper, orderBody(toolId));
    expect(placed.statusCode).toBe(201);
    expect((await listOnB()).map((o) => o._id)).toEqual([placed.json<Order>()._id]);
  });

  it('a change written straight to the database reaches B within one second', async () => {
    const person = await registerUser(a);
    const usersOnB = () => http(baseB, 'GET', '/api/user', person);
    expect((await usersOnB()).statusCode).toBe(403);
    await a.db.update(user).set({ role: 'admin' }).where(eq(user.id, person.id));
    const start = Date.now();
    let status = 0;
    while (Date.now() - start < 1000 && status !== 200) {
      status = (await usersOnB()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).toBe(200);
  });
});
