import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { invoice } from '../../db/schema/order.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { freePort } from '../../../test/free-port.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import {
  signUpOn,
  startServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-processes.ts';

// Only a real PostgreSQL database can be shared by two processes (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));

const BUYERS = 10;
const ORDERS_EACH = 5;
const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

describe('invoices and refunds across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `numbers ${BUYERS * ORDERS_EACH} payments made at once through both 000001 to ${BUYERS * ORDERS_EACH}, a failed one in the middle taking none`,
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        const env = { TEST_PAYMENTS: 'true', DEMO: 'true' };
        servers.push(
          startServer(url, portA, publicUrl, env),
          startServer(url, portB, publicUrl, env),
        );
        await Promise.all(servers.map(waitUntilReady));
        const item = await insertTool(database.db, { minOrderQuantity: 1, inStock: 10_000 });
        const call = async (n: number, path: string, cookie: string, body: object) => {
          const res = await fetch(`${servers[n % 2]!.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          return { status: res.status, json: (await res.json()) as Record<string, unknown> };
        };

        // Every buyer's orders, each with its payment intent, ready to be confirmed.
        const secrets: Array<{ n: number; cookie: string; clientSecret: string; id: string }> = [];
        for (let b = 0; b < BUYERS; b += 1) {
          const cookie = await signUpOn(
            servers[b % 2]!,
            publicUrl,
            `Invoice Buyer ${b}`,
            `invoice.buyer.${b}@example.com`,
          );
          for (let k = 0; k <= (b === 0 ? ORDERS_EACH : ORDERS_EACH - 1); k += 1) {
            const placed = await call(b + k, '/api/order', cookie, {
              toolId: item.id,
              quantity: 1,
              phone: '+44 20 7946 0000',
              address: `Ledger Row ${b}-${k}`,
            });
            expect(placed.status).toBe(201);
            const id = placed.json._id as string;
            const intent = await call(b + k, '/api/create-payment-intent', cookie, { orderId: id });
            expect(intent.status).toBe(200);
            secrets.push({
              n: b + k,
              cookie,
              clientSecret: intent.json.clientSecret as string,
              id,
            });
          }
        }
        // One payment fails after its invoice was numbered (its receipt mail cannot be written),
        // so its transaction rolls back: its number must go to the next payment.
        const doomed = secrets[Math.floor(secrets.length / 2)]!;
        await database.db.execute(
          sql.raw(`
          create function fail_doomed_receipt() returns trigger language plpgsql as $$
          begin
            if new.kind = 'order_paid' and new.order_id = '${doomed.id}' then
              raise exception 'the receipt of the doomed order cannot be written';
            end if;
            return new;
          end $$;
          create trigger fail_doomed_receipt before insert on mail_outbox
            for each row execute function fail_doomed_receipt();`),
        );

        const results = await Promise.all(
          secrets.map((s) =>
            call(s.n, '/api/payments/test/confirm', s.cookie, {
              clientSecret: s.clientSecret,
              ...testCard,
            }).then((r) => ({ ...r, id: s.id })),
          ),
        );
        const failed = results.filter((r) => r.status !== 200);
        expect(failed.map((r) => r.id)).toEqual([doomed.id]);

        const rows = await database.db
          .select({ number: invoice.number, seq: invoice.seq, orderId: invoice.orderId })
          .from(invoice);
        const year = new Date().getUTCFullYear();
        const total = BUYERS * ORDERS_EACH;
        expect(rows.map((r) => r.number).sort()).toEqual(
          Array.from({ length: total }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`),
        );
        expect(rows.some((r) => r.orderId === doomed.id)).toBe(false);
        expect(new Set(rows.map((r) => r.orderId)).size).toBe(total);
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    180_000,
  );

  it.skipIf(!onPostgres)(
    'refunds an order once when two admins on two instances refund it whole at the same moment',
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        const env = {
          TEST_PAYMENTS: 'true',
          DEMO: 'true',
          // The admins are made so in the database: no instance may remember them as customers.
          SESSION_CACHE_TTL_MS: '0',
        };
        servers.push(
          startServer(url, portA, publicUrl, env),
          startServer(url, portB, publicUrl, env),
        );
        await Promise.all(servers.map(waitUntilReady));
        const item = await insertTool(database.db, { minOrderQuantity: 1, inStock: 100 });
        const call = async (n: number, path: string, cookie: string, body: object) => {
          const res = await fetch(`${servers[n % 2]!.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          return { status: res.status, json: (await res.json()) as Record<string, unknown> };
        };
        const buyer = await signUpOn(
          servers[0]!,
          publicUrl,
          'Refund Buyer',
          'refund.buyer@example.com',
        );
        const placed = await call(0, '/api/order', buyer, {
          toolId: item.id,
          quantity: 3,
          phone: '+44 20 7946 0000',
          address: 'Refund Row',
        });
        const orderId = placed.json._id as string;
        const intent = await call(1, '/api/create-payment-intent', buyer, { orderId });
        const paid = await call(0, '/api/payments/test/confirm', buyer, {
          clientSecret: intent.json.clientSecret,
          ...testCard,
        });
        expect(paid.status).toBe(200);
        const admins = [
          await signUpOn(servers[0]!, publicUrl, 'Admin Zero', 'refund.admin.0@example.com'),
          await signUpOn(servers[1]!, publicUrl, 'Admin One', 'refund.admin.1@example.com'),
        ];
        await database.db.execute(
          sql`update "user" set role = 'admin' where email like 'refund.admin.%'`,
        );
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            call(i, `/api/order/${orderId}/refunds`, admins[i % 2]!, {
              whole: true,
              reason: `Admin ${i % 2} refunds it`,
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
        const sums = await database.db.execute<{ refunded: number; captured: number }>(
          sql`select (select coalesce(sum(r.amount_cents), 0)::int from test_refund r
                        join test_payment_intent i on i.id = r.intent_id
                       where i.order_id = ${orderId}) as refunded,
                     (select total_cents from "order" where id = ${orderId}) as captured`,
        );
        const [row] = (sums as { rows: Array<{ refunded: number; captured: number }> }).rows;
        expect(Number(row?.refunded)).toBe(Number(row?.captured));
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    120_000,
  );
});
