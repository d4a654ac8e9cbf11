import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '@voltforge/contract/calendar';
import { user as userTable } from '../../db/schema/auth.ts';
import { order, orderLine } from '../../db/schema/order.ts';
import { stockMovement, supplyBatch, tool as toolTable } from '../../db/schema/tool.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  signUpOn,
  startServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-processes.ts';

// Back-orders on two instances sharing PostgreSQL (docs/payments.md, "Back-orders"): orders beyond
// stock placed on both at once, and batches received on both while orders arrive. Nothing is
// promised twice, nothing allocated twice, and no stock sits idle while a back-order waits.

// Only a real PostgreSQL database can be shared by two processes (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));
const today = () => new Date().toISOString().slice(0, 10);

describe('back-orders across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    'places and receives at once on two instances: each piece of stock and of a batch once',
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));
        const db = database.db;
        const scope = await insertTool(db, { priceCents: 5000, minOrderQuantity: 1, inStock: 5 });
        await db.insert(stockMovement).values({ toolId: scope.id, delta: 5, reason: 'adjust' });
        const [soon, later] = [addDays(today(), 10), addDays(today(), 20)];
        const buyer = await signUpOn(servers[0]!, publicUrl, 'Twin Buyer', 'twin.bo@example.com');
        const staffCookie = await signUpOn(
          servers[1]!,
          publicUrl,
          'Twin Staff',
          'twin.staff@example.com',
        );
        await db
          .update(userTable)
          .set({ role: 'admin' })
          .where(eq(userTable.email, 'twin.staff@example.com'));
        const staff = await signInOn(servers[1]!, publicUrl, 'twin.staff@example.com');
        void staffCookie;
        const send = (i: number, cookie: string, method: string, path: string, body?: object) =>
          fetch(`${servers[i % 2]!.url}${path}`, {
            method,
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
        const set = await send(0, staff, 'PUT', `/api/admin/tools/${scope.id}/supply`, {
          backorderable: true,
          leadTimeWeeks: 8,
        });
        expect(set.status).toBe(200);
        const batchIds: string[] = [];
        for (const expectedOn of [soon, later]) {
          const res = await send(1, staff, 'POST', `/api/admin/tools/${scope.id}/batches`, {
            quantity: 20,
            expectedOn,
          });
          expect(res.status).toBe(201);
          batchIds.push(((await res.json()) as { id: string }).id);
        }
        const place = (i: number) =>
          send(i, buyer, 'POST', '/api/order', {
            toolId: scope.id,
            quantity: 1 + (i % 4),
            phone: '+1 555 010 2030',
            address: '1 Main St',
          });

        // 1. 30 orders at once on both instances: 73 pieces against 5 in stock and 2 × 20 due.
        const first = await Promise.all(Array.from({ length: 30 }, (_, i) => place(i)));
        const bodies = await Promise.all(first.map(async (r) => `${r.status} ${await r.text()}`));
        expect(bodies.filter((b) => !b.startsWith('201'))).toEqual([]);
        const queue = await db
          .select({ backordered: orderLine.backordered, promisedOn: orderLine.promisedOn })
          .from(orderLine)
          .innerJoin(order, eq(order.id, orderLine.orderId))
          .where(eq(orderLine.toolId, scope.id))
          .orderBy(asc(order.createdAt), asc(order.id));
        // Walked oldest first, each line's day is where the queue reaches it: no batch twice.
        let owed = 0;
        for (const line of queue) {
          if (line.backordered === 0) continue;
          owed += line.backordered;
          const due = owed <= 20 ? soon : owed <= 40 ? later : addDays(today(), 56);
          expect(line.promisedOn).toBe(due);
        }
        // 73 pieces ordered (1 to 4 each): 5 from stock, 68 owed.
        expect(owed).toBe(68);

        // 2. Both batches received, on the two instances, while 10 more orders arrive.
        const [receipts, more] = await Promise.all([
          Promise.all(
            batchIds.map((id, i) => send(i, staff, 'POST', `/api/admin/batches/${id}/receive`, {})),
          ),
          Promise.all(Array.from({ length: 10 }, (_, i) => place(i + 30))),
        ]);
        expect(receipts.map((r) => r.status)).toEqual([200, 200]);
        expect(more.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 201));

        const lines = await db.select().from(orderLine).where(eq(orderLine.toolId, scope.id));
        const [now] = await db.select().from(toolTable).where(eq(toolTable.id, scope.id));
        const allocated = lines.reduce((sum, l) => sum + l.allocated, 0);
        const stillOwed = lines.reduce((sum, l) => sum + l.backordered, 0);
        const ordered = lines.reduce((sum, l) => sum + l.quantity, 0);
        // Every piece that existed (5 + 20 + 20) is in stock or allocated, once.
        expect(allocated + now!.inStock).toBe(45);
        expect(allocated + stillOwed).toBe(ordered);
        expect(now!.inStock === 0 || stillOwed === 0).toBe(true);
        expect(now!.backlog).toBe(stillOwed);
        for (const l of lines) {
          expect(l.allocated + l.backordered + l.shipped + l.cancelled).toBe(l.quantity);
        }
        const [ledger] = await db
          .select({ sum: sql<number>`sum(${stockMovement.delta})::int` })
          .from(stockMovement)
          .where(eq(stockMovement.toolId, scope.id));
        expect(Number(ledger!.sum)).toBe(now!.inStock);
        const received = await db
          .select()
          .from(supplyBatch)
          .where(eq(supplyBatch.toolId, scope.id));
        expect(received.every((b) => b.receivedQuantity === 20)).toBe(true);
        console.warn(
          `back-orders on two instances: 40 orders (${ordered} pieces), 2 receipts; ${allocated} allocated, ${stillOwed} owed, ${now!.inStock} in stock`,
        );
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    180_000,
  );
});

async function signInOn(server: ServerProcess, publicUrl: string, email: string) {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
