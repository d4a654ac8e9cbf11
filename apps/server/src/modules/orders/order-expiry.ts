import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepEvery } from '../../plugins/sweep.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import { HttpError } from '../../http-error.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import { cancelOrder, type BeforeCancel } from './orders.service.ts';

const SWEEP_EVERY_MS = 10 * 60_000;
const BATCH = 50;

/**
 * Releases the stock of orders left unpaid longer than the hold: each is cancelled exactly as its
 * customer would cancel it (payment intent settled first; an order paid meanwhile is left alone).
 * One sweep goes on, a batch at a time, until no expired order is left, so a backlog cannot keep
 * stock reserved for another interval. It walks forward by (placed at, id), so an order that could
 * not be cancelled this time (paid meanwhile, provider down) is not read again and the loop ends.
 * Every instance may sweep: the conditional updates inside cancelOrder make a second sweep a no-op.
 */
export async function expireUnpaidOrders(
  db: Db,
  opts: { placedBefore: Date; beforeCancel?: BeforeCancel; notify: OrderNotify },
): Promise<number> {
  let expired = 0;
  let after: string | undefined;
  for (;;) {
    const stale = await db
      .select({
        id: order.id,
        userId: user.id,
        name: user.name,
        email: user.email,
      })
      .from(order)
      .innerJoin(user, eq(user.id, order.userId))
      .where(
        and(
          eq(order.status, 'pending_payment'),
          lt(order.createdAt, opts.placedBefore),
          // Compared in SQL, at the database's own (microsecond) precision.
          after
            ? sql`(${order.createdAt}, ${order.id}) > (select o.created_at, o.id from "order" o where o.id = ${after})`
            : undefined,
        ),
      )
      .orderBy(asc(order.createdAt), asc(order.id))
      .limit(BATCH);
    for (const row of stale) {
      // Acting as the customer (not as an admin) means only an unpaid order can be cancelled.
      const customer = { id: row.userId, name: row.name, email: row.email, role: 'user' as const };
      try {
        const result = await cancelOrder(db, customer, row.id, {
          beforeCancel: opts.beforeCancel,
          notify: opts.notify,
          reason: 'unpaid_expired',
        });
        expired += result.deletedCount;
      } catch (error) {
        // Paid at the last moment (409) or the provider is down (502): try again next sweep.
        if (!(error instanceof HttpError)) throw error;
      }
    }
    const last = stale.at(-1);
    if (!last || stale.length < BATCH) return expired;
    after = last.id;
  }
}

/** Runs the sweep on a timer while the server is up; ORDER_HOLD_HOURS=0 turns it off. */
export const orderExpiryPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { holdHours: number; beforeCancel: BeforeCancel; notify: OrderNotify },
  ) => {
    if (opts.holdHours <= 0) return;
    sweepEvery(app, {
      everyMs: SWEEP_EVERY_MS,
      pass: () =>
        expireUnpaidOrders(app.db, {
          placedBefore: new Date(Date.now() - opts.holdHours * 3_600_000),
          beforeCancel: opts.beforeCancel,
          notify: opts.notify,
        }),
      counted: 'expired',
      did: 'released the stock of unpaid orders',
      failed: 'unpaid-order sweep failed',
    });
  },
  { name: 'order-expiry', dependencies: ['db'] },
);
