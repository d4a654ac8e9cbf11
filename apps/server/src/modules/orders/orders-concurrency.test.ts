import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { orderLine } from '../../db/schema/order.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import {
  createTestApp,
  openTestDatabase,
  registerUser,
  request,
  type TestApp,
} from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  signUpOn,
  startServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-processes.ts';

const STOCK = 20;
const ORDERS = 50;

async function createTool(db: Db): Promise<string> {
  const row = await insertTool(db, {
    name: 'VF-RL12 Relay Module',
    description: 'A 12 V relay module.',
    imageUrl: '/images/tools/vf-rl12-relay-module.svg',
    category: 'Components',
    priceCents: 450,
    minOrderQuantity: 1,
    inStock: STOCK,
  });
  return row.id;
}

/** What the database says after the race: stock left, movement sum, orders written. */
async function ledger(db: Db, toolId: string) {
  const [stock] = await db.select({ inStock: tool.inStock }).from(tool).where(eq(tool.id, toolId));
  const [moved] = await db
    .select({ sum: sql<number>`coalesce(sum(${stockMovement.delta}), 0)::int` })
    .from(stockMovement)
    .where(eq(stockMovement.toolId, toolId));
  const [orders] = await db
    .select({
      n: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum(${orderLine.quantity}), 0)::int`,
    })
    .from(orderLine)
    .where(eq(orderLine.toolId, toolId));
  return {
    inStock: stock?.inStock,
    movementSum: moved?.sum,
    orders: orders?.n,
    units: orders?.units,
  };
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

const expected = {
  statuses: { 201: STOCK, 409: ORDERS - STOCK },
  ledger: { inStock: 0, movementSum: -STOCK, orders: STOCK, units: STOCK },
};

describe('simultaneous orders in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One shopper races every order: the unpaid-order limit is not what this test measures.
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
  });
  afterAll(() => t.close());

  it(`sells exactly ${STOCK} of ${ORDERS} single-unit orders against a stock of ${STOCK}`, async () => {
    const shopper = await registerUser(t.app);
    const toolId = await createTool(t.app.db);
    const results = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        request(t.app, {
          method: 'POST',
          url: '/api/order',
          as: shopper,
          payload: { toolId, quantity: 1, phone: '+44 20 7946 0000', address: `Bench ${i}` },
        }),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual(expected.statuses);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ error: { code: 'conflict', message: 'Out of stock' } });
    }
    expect(await ledger(t.app.db, toolId)).toEqual(expected.ledger);
  });
});

// Only a real PostgreSQL database can be shared by two processes (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));

describe('simultaneous orders across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `sells exactly ${STOCK} of ${ORDERS} orders alternated between two processes`,
    async ({ annotate }) => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        // Both instances sit behind one public origin, as behind a load balancer.
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));

        const toolId = await createTool(database.db);
        const cookie = await signUpOn(
          servers[0]!,
          publicUrl,
          'Two Process Shopper',
          'two.process@example.com',
        );

        // The session made by one process is honoured by the other.
        const mine = await fetch(`${servers[1]!.url}/api/order`, {
          headers: { cookie, origin: publicUrl },
        });
        expect(mine.status).toBe(200);

        const results = await Promise.all(
          Array.from({ length: ORDERS }, async (_, i) => {
            const res = await fetch(`${servers[i % 2]!.url}/api/order`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
              body: JSON.stringify({
                toolId,
                quantity: 1,
                phone: '+44 20 7946 0000',
                address: `Bench ${i}`,
              }),
              signal: AbortSignal.timeout(30_000),
            });
            await res.arrayBuffer();
            return { status: res.status, via: i % 2 };
          }),
        );
        expect(tally(results.map((r) => r.status))).toEqual(expected.statuses);
        await annotate(
          `per process (201/409): ${[0, 1]
            .map((via) => {
              const mine = results.filter((r) => r.via === via);
              return `${mine.filter((r) => r.status === 201).length}/${mine.filter((r) => r.status === 409).length}`;
            })
            .join(' and ')}`,
        );
        expect(await ledger(database.db, toolId)).toEqual(expected.ledger);
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    120_000,
  );
});

describe('batched orders of many shoppers across two server processes sharing PostgreSQL', () => {
  const SHOPPERS = 8;
  const TOOLS = 2;
  const PER_TOOL = 60;

  it.skipIf(!onPostgres)(
    `sells exactly ${STOCK} of each of ${TOOLS} tools, ${PER_TOOL} orders each, from ${SHOPPERS} shoppers on two processes`,
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));

        const toolIds = [await createTool(database.db), await createTool(database.db)];
        const cookies: string[] = [];
        for (let i = 0; i < SHOPPERS; i += 1) {
          cookies.push(
            await signUpOn(
              servers[i % 2]!,
              publicUrl,
              `Batch Shopper ${i}`,
              `batch.shopper.${i}@example.com`,
            ),
          );
        }

        // Every shopper orders both tools through both processes at once, so each process's
        // calls carry several accounts and the two processes' calls contend for the same rows.
        const results = await Promise.all(
          Array.from({ length: TOOLS * PER_TOOL }, async (_, i) => {
            const toolId = toolIds[i % TOOLS]!;
            const res = await fetch(`${servers[Math.floor(i / TOOLS) % 2]!.url}/api/order`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: cookies[i % SHOPPERS]!,
                origin: publicUrl,
              },
              body: JSON.stringify({
                toolId,
                quantity: 1,
                phone: '+44 20 7946 0000',
                address: `Batch ${i}`,
              }),
              signal: AbortSignal.timeout(30_000),
            });
            await res.arrayBuffer();
            return { status: res.status, toolId };
          }),
        );
        for (const toolId of toolIds) {
          const mine = results.filter((r) => r.toolId === toolId).map((r) => r.status);
          expect(tally(mine)).toEqual({ 201: STOCK, 409: PER_TOOL - STOCK });
          expect(await ledger(database.db, toolId)).toEqual(expected.ledger);
        }
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    120_000,
  );
});

/**
 * Carts over shared tools, checked out at once: every cart wants one of each of the same tools,
 * listed in a different order, so without one global lock order two checkouts would take the
 * same rows in opposite orders and deadlock. Exactly STOCK carts can be had.
 */
const CARTS = 12;
const CART_TOOLS = 5;
const CART_STOCK = 6;
/** One of each at $1.00: $5.00 of goods and the $7.50 flat shipping (under the threshold). */
const FIVE_TOOLS_TOTAL = 12.5;

/** The tools in a different order for each cart. */
const cartOrder = <T>(items: T[], n: number): T[] =>
  items.map((_, i) => items[(i * (n % 2 ? 1 : -1) + n + items.length * 2) % items.length]!);

async function cartTools(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < CART_TOOLS; i += 1) {
    const row = await insertTool(db, { minOrderQuantity: 1, inStock: CART_STOCK, priceCents: 100 });
    ids.push(row.id);
  }
  return ids;
}

const cartExpectations = (statuses: number[]) => {
  expect(tally(statuses)).toEqual({ 201: CART_STOCK, 409: CARTS - CART_STOCK });
};

describe('cart checkouts over shared tools in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`accepts exactly ${CART_STOCK} of ${CARTS} carts of the same ${CART_TOOLS} tools`, async () => {
    const toolIds = await cartTools(t.app.db);
    const buyers = await Promise.all(Array.from({ length: CARTS }, () => registerUser(t.app)));
    for (const [n, buyer] of buyers.entries()) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/cart/lines',
        as: buyer,
        payload: { lines: cartOrder(toolIds, n).map((toolId) => ({ toolId, quantity: 1 })) },
      });
      expect(res.statusCode).toBe(200);
    }
    const results = await Promise.all(
      buyers.map((buyer) =>
        request(t.app, {
          method: 'POST',
          url: '/api/checkout',
          as: buyer,
          payload: {
            phone: '+44 20 7946 0000',
            address: 'Cart Row',
            expectedTotal: FIVE_TOOLS_TOTAL,
          },
        }),
      ),
    );
    cartExpectations(results.map((r) => r.statusCode));
    for (const toolId of toolIds) {
      expect(await ledger(t.app.db, toolId)).toEqual({
        inStock: 0,
        movementSum: -CART_STOCK,
        orders: CART_STOCK,
        units: CART_STOCK,
      });
    }
  });
});

describe('cart checkouts over shared tools across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `accepts exactly ${CART_STOCK} of ${CARTS} carts, with no deadlock`,
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));
        const toolIds = await cartTools(database.db);
        const call = async (n: number, path: string, cookie: string, body: object) => {
          const res = await fetch(`${servers[n % 2]!.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          return { status: res.status, body: await res.text() };
        };
        const cookies: string[] = [];
        for (let n = 0; n < CARTS; n += 1) {
          const cookie = await signUpOn(
            servers[n % 2]!,
            publicUrl,
            `Cart Buyer ${n}`,
            `cart.buyer.${n}@example.com`,
          );
          cookies.push(cookie);
          const lines = cartOrder(toolIds, n).map((toolId) => ({ toolId, quantity: 1 }));
          expect((await call(n, '/api/cart/lines', cookie, { lines })).status).toBe(200);
        }
        const results = await Promise.all(
          cookies.map((cookie, n) =>
            call(n, '/api/checkout', cookie, {
              phone: '+44 20 7946 0000',
              address: 'Cart Row',
              expectedTotal: FIVE_TOOLS_TOTAL,
            }),
          ),
        );
        // A deadlock would surface as a 500; every refusal is a 409 naming what is short.
        cartExpectations(results.map((r) => r.status));
        for (const toolId of toolIds) {
          expect(await ledger(database.db, toolId)).toEqual({
            inStock: 0,
            movementSum: -CART_STOCK,
            orders: CART_STOCK,
            units: CART_STOCK,
          });
        }
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    120_000,
  );
});
