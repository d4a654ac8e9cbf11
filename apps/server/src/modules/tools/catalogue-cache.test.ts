import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ShopSummary } from '@voltforge/contract/content';
import type { Tool } from '@voltforge/contract/tool';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import {
  openTestDatabase,
  registerUser,
  request,
  testConfig,
  type TestUser,
} from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

const orderBody = (toolId: string, quantity: number) => ({
  toolId,
  quantity,
  phone: '+1 (555) 010-2030',
  address: '12 Foundry Lane, Springfield',
});

describe('catalogue answers', () => {
  let t: ShopTestApp;
  beforeAll(async () => {
    // A TTL far longer than the test: only the change notifications can refresh what is kept.
    t = await createShopTestApp({ env: { CATALOGUE_CACHE_TTL_MS: '60000' } });
  });
  afterAll(() => t.close());

  it('carry a strong ETag per encoding, answer a revalidation with 304, and compress once', async () => {
    await insertTool(t.app.db, { name: 'Cache Probe Meter', category: 'Cache Probes' });
    const url = '/api/tool?category=Cache%20Probes';
    const plain = await request(t.app, { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.json<Tool[]>().map((tool) => tool.name)).toEqual(['Cache Probe Meter']);

    // The same query spelled with its defaults is the same answer.
    const spelled = await request(t.app, { method: 'GET', url: `${url}&page=1&sort=newest` });
    expect(spelled.headers.etag).toBe(etag);

    const br = await request(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await request(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const again = await request(t.app, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('show an order and an edit made on this instance at once', async () => {
    const { id } = await insertTool(t.app.db, { inStock: 10, minOrderQuantity: 1 });
    const read = async () =>
      (await request(t.app, { method: 'GET', url: `/api/tool/${id}` })).json<Tool>();
    expect((await read()).inStock).toBe(10);

    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      as: t.customerA,
      payload: orderBody(id, 3),
    });
    expect(placed.statusCode).toBe(201);
    expect((await read()).inStock).toBe(7);

    const edit = await request(t.app, {
      method: 'PATCH',
      url: `/api/tool/${id}`,
      as: t.admin,
      payload: { name: 'Renamed Probe' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await read()).name).toBe('Renamed Probe');
  });

  it('show a write to the tool or review table made by any statement, not only by a service', async () => {
    // No service is involved: only the database's own announcement can make these fresh.
    const { id } = await insertTool(t.app.db, { inStock: 10 });
    const read = async () =>
      (await request(t.app, { method: 'GET', url: `/api/tool/${id}` })).json<Tool>();
    const summary = async () =>
      (await request(t.app, { method: 'GET', url: '/api/summary' })).json<ShopSummary>();
    expect((await read()).inStock).toBe(10);
    const before = await summary();

    await t.app.db.execute(sql`update tool set in_stock = 4 where id = ${id}`);
    await t.app.changeFeed.caughtUp();
    expect((await read()).inStock).toBe(4);

    await t.app.db.execute(
      sql`insert into review (user_id, user_name, rating, comment)
          values (${t.customerA.id}, 'Raw SQL', 5, 'Written without the reviews service.')`,
    );
    await t.app.changeFeed.caughtUp();
    expect(await summary()).not.toEqual(before);
  });

  it('answer an unknown tool with 404, not a cached body', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/api/tool/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

// Only a real PostgreSQL database can be shared by two instances (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));

describe.skipIf(!onPostgres)('two instances sharing one PostgreSQL database', () => {
  let a: App;
  let b: App;
  let databaseB: Database;
  let close: () => Promise<void>;
  let admin: TestUser;
  let shopper: TestUser;
  let url: string;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    if (!opened.url) throw new Error('expected a PostgreSQL database URL');
    url = opened.url;
    databaseB = await openDatabase({ kind: 'postgres', url: opened.url });
    a = await buildApp(testConfig(), { database: opened.database, logger: false });
    // B's TTL is far longer than any wait below: only the change notification can refresh it.
    b = await buildApp(testConfig({ CATALOGUE_CACHE_TTL_MS: '60000' }), {
      database: databaseB,
      logger: false,
    });
    await Promise.all([a.ready(), b.ready()]);
    admin = await registerUser(a, { role: 'admin' });
    shopper = await registerUser(a);
    close = async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([opened.database.close(), databaseB.close()]);
      await opened.drop();
    };
  });
  afterAll(() => close());

  it('an order or a restock on A shows the new stock on B from the next request', async () => {
    const { id } = await insertTool(a.db, { inStock: 10, minOrderQuantity: 1 });
    const onB = async () =>
      (await request(b, { method: 'GET', url: `/api/tool/${id}` })).json<Tool>().inStock;
    expect(await onB()).toBe(10);
    expect(await onB()).toBe(10);

    const placed = await request(a, {
      method: 'POST',
      url: '/api/order',
      as: shopper,
      payload: orderBody(id, 4),
    });
    expect(placed.statusCode).toBe(201);
    expect(await onB()).toBe(6);

    const restock = await request(a, {
      method: 'POST',
      url: `/api/tool/${id}/restock`,
      as: admin,
      payload: { quantity: 4 },
    });
    expect(restock.statusCode).toBe(200);
    expect(await onB()).toBe(10);
  });

  it('a write made by another client of the database shows on B from the next request', async () => {
    const { id } = await insertTool(a.db, { inStock: 10 });
    const onB = async () =>
      (await request(b, { method: 'GET', url: `/api/tool/${id}` })).json<Tool>().inStock;
    expect(await onB()).toBe(10);

    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('update tool set in_stock = 2 where id = $1', [id]);
    } finally {
      await other.end();
    }
    await b.changeFeed.caughtUp();
    expect(await onB()).toBe(2);
  });
});
