import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../db/schema/order.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { insertOrder, readOrder } from '../../../test/payment-test-orders.ts';
import type { Db } from '../../db/client.ts';
import { orderNotifier } from '../../mail/order-notices.ts';
import { cancelOrder } from '../orders/orders.service.ts';
import { createActiveProvider, paymentCancelGuard } from './active-provider.ts';

let t: ShopTestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createShopTestApp();
  alice = t.customerA;
});
afterAll(() => t.close());

const ORDERS = 40;

/**
 * The database, except that a transaction starts only once `gate` opens: it holds a cancel
 * between reading the order and its UPDATE, the window in which "Pay" can attach an intent.
 */
function heldAtTransaction(db: Db, gate: Promise<unknown>): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<Db['transaction']>) => {
        await gate;
        return target.transaction(...args);
      };
    },
  });
}

describe('a cancel racing the creation of a payment intent', () => {
  it('settles an intent created after the cancel read the order, before cancelling it', async () => {
    const placed = await insertOrder(t.app, alice);
    const notify = orderNotifier({ publicUrl: 'http://localhost:3000', holdHours: 48 });
    const beforeCancel = paymentCancelGuard(
      t.app.db,
      createActiveProvider(t.app.db, t.config)?.provider ?? null,
      {
        notify,
        seller: t.config.seller,
      },
    );
    let pay!: () => void;
    const paid = new Promise<void>((resolve) => (pay = resolve));

    // The cancel reads the order (no intent yet) and waits at its transaction...
    const cancel = cancelOrder(
      heldAtTransaction(t.app.db, paid),
      { ...alice, role: 'user' },
      placed.id,
      { beforeCancel, notify },
    );
    // ...while "Pay" creates an intent and stores it on the order.
    const intent = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: placed.id },
      as: alice,
    });
    expect(intent.statusCode).toBe(200);
    pay();
    expect(await cancel).toEqual({ deletedCount: 1 });

    expect(await readOrder(t.app, placed.id)).toMatchObject({ status: 'cancelled' });
    const intents = await t.app.db
      .select({ status: testPaymentIntent.status })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, placed.id));
    expect(intents).toEqual([{ status: 'canceled' }]);
  });

  it('never leaves a live intent on a cancelled order', async () => {
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, () => insertOrder(t.app, alice)),
    );
    const ids = placed.map((o) => o.id);

    // Each order gets "Pay" and "Cancel" at the same moment, all orders at once.
    const answers = await Promise.all(
      ids.flatMap((id) => [
        request(t.app, {
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { orderId: id },
          as: alice,
        }),
        request(t.app, { method: 'DELETE', url: `/api/order/${id}`, as: alice }),
      ]),
    );
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);

    const rows = await t.app.db
      .select({ id: order.id, status: order.status })
      .from(order)
      .where(inArray(order.id, ids));
    const cancelled = rows.filter((r) => r.status === 'cancelled').map((r) => r.id);
    expect(cancelled.length).toBeGreaterThan(0);
    const intents = await t.app.db
      .select({ orderId: testPaymentIntent.orderId, status: testPaymentIntent.status })
      .from(testPaymentIntent)
      .where(inArray(testPaymentIntent.orderId, cancelled));
    const live = intents.filter((i) => i.status !== 'canceled');
    expect(live).toEqual([]);
  });
});
