import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adminMessages,
  canMoveOrder,
  type AdminOrderListQuery,
  type AdminOrderStatus,
} from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { orderStatuses, type OrderStatus } from '@voltforge/contract/order-rules';
import type { Db } from '../../db/client.ts';
import { order, orderLine } from '../../db/schema/order.ts';
import { shipmentMessages } from '@voltforge/contract/back-order';
import { shipOrder } from './shipments.service.ts';
import type { Actor } from '../../auth/guards.ts';
import { conflict, notFound } from '../../http-error.ts';
import { paginate, type Page } from '../../paging.ts';
import { findOrderRow, orderFiltersWhere, orderToJson, withLines } from './order-row.ts';
import { cancelOrder, type CancelSteps } from './orders.service.ts';
import { recordOrderEvent } from './order-events.ts';

/**
 * Every order (or those of one status, or matching a search on part number, tool, customer name
 * or email), newest first, one bounded page at a time.
 */
export async function listAllOrders(db: Db, query: AdminOrderListQuery): Promise<Page<Order>> {
  const where = orderFiltersWhere(query);
  const rows = db
    .select()
    .from(order)
    .where(where)
    .orderBy(desc(order.createdAt), desc(order.id))
    .$dynamic();
  const page = await paginate(db, query, { rows, table: order, where }, (row) => row);
  return { ...page, items: (await withLines(db, page.items)).map(orderToJson) };
}

/** The statuses an order must be in for an admin to move it to `to`. */
function sourcesOf(to: AdminOrderStatus): OrderStatus[] {
  return orderStatuses.filter((from) => canMoveOrder(from, to));
}

/**
 * Moves an order along an allowed transition with one conditional UPDATE, so two admins
 * pressing the same button apply it once: the second is told the order has moved on (409).
 * Cancelling goes through the orders module, which also returns the stock.
 */
export async function setOrderStatus(
  db: Db,
  admin: Actor,
  {
    id,
    status: to,
    carrier,
    trackingNumber,
  }: { id: string; status: AdminOrderStatus; carrier?: string; trackingNumber?: string },
  steps: CancelSteps,
): Promise<Order> {
  const row = await findOrderRow(db, id);
  if (!row) throw notFound(adminMessages.orderNotFound);
  if (!canMoveOrder(row.status, to)) {
    throw conflict(adminMessages.transitionNotAllowed(row.status, to));
  }

  if (to === 'cancelled') {
    const { deletedCount } = await cancelOrder(db, admin, id, steps);
    const now = await findOrderRow(db, id);
    if (!now) throw notFound(adminMessages.orderNotFound);
    // Another admin's cancel won the race: this call changed nothing.
    if (deletedCount === 0) throw conflict(adminMessages.transitionNotAllowed(now.status, to));
    return orderToJson(now);
  }

  const owed = row.lines.reduce((sum, l) => sum + l.backordered, 0);
  if (owed > 0) throw conflict(shipmentMessages.stillOwed(owed));
  if (to === 'shipped') {
    // Everything set aside, as one shipment (docs/payments.md, "Back-orders").
    const lines = row.lines
      .filter((l) => l.allocated > 0)
      .map((l) => ({ lineNo: l.lineNo, quantity: l.allocated }));
    return shipOrder(
      db,
      admin,
      id,
      { lines, carrier, trackingNumber },
      steps.notify,
      'order_shipped',
    );
  }

  const at = new Date();
  const was = row.status;
  // The move, its timeline event and the customer's mail about it commit together.
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(order)
      .set({
        status: 'delivered',
        deliveredAt: at,
        // Handed over without a shipping step: it left the warehouse when it was delivered.
        shippedAt: sql`coalesce(${order.shippedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(order.id, id), inArray(order.status, sourcesOf(to))))
      .returning();
    if (!row) return undefined;
    // Handed over: what was set aside has gone; nothing may still be owed (checked under the lock).
    const lines = await tx
      .update(orderLine)
      .set({ shipped: sql`${orderLine.shipped} + ${orderLine.allocated}`, allocated: 0 })
      .where(eq(orderLine.orderId, id))
      .returning({ owed: orderLine.backordered });
    const stillOwed = lines.reduce((sum, l) => sum + l.owed, 0);
    if (stillOwed > 0) throw conflict(shipmentMessages.stillOwed(stillOwed));
    await recordOrderEvent(tx, { orderId: id, from: was, to, actorId: admin.id });
    const [full] = await withLines(tx, [row]);
    if (full) await steps.notify(tx, { kind: 'order_delivered' }, full);
    return full;
  });
  if (moved) return orderToJson(moved);

  const now = await findOrderRow(db, id);
  if (!now) throw notFound(adminMessages.orderNotFound);
  throw conflict(adminMessages.transitionNotAllowed(now.status, to));
}
