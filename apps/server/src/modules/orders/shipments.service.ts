import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  shipmentCancellableStatuses,
  shipmentMessages,
  shippableStatuses,
} from '@voltforge/contract/back-order';
import type { Order } from '@voltforge/contract/order';
import { orderStatusLabels, type OrderStatus } from '@voltforge/contract/order-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { order, orderLine, shipment, shipmentLine } from '../../db/schema/order.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import { recordOrderEvent } from './order-events.ts';
import { findOrderRow, orderToJson, withLines } from './order-row.ts';
import type { OnPromisesMoved, PromiseMoved } from '../../stock/back-orders.ts';

/*
 * Shipments (docs/payments.md, "Back-orders"): staff ship some of the pieces set aside for an
 * order's lines, with a carrier and tracking number; the order reads partially shipped until every
 * piece not cancelled has gone, then shipped. Each line's pieces keep adding up: a shipment moves
 * them from allocated to shipped.
 */

export interface ShipmentInput {
  lines: ReadonlyArray<{ lineNo: number; quantity: number }>;
  carrier?: string;
  trackingNumber?: string;
}

/**
 * How the shipment is told: its own mail ("Shipment 2 … still to come"), or, for the one-step
 * "mark shipped" of Manage All Orders, the order-shipped mail it has always sent.
 */
export type ShipmentMail = 'shipment' | 'order_shipped';

/**
 * Writes a shipment in one transaction under the order's row lock (two staff shipping the same
 * pieces at once: one shipment, the other told what is left): its pieces must be allocated to
 * their lines, an order shipping complete ships once with everything, and the order's status,
 * timeline and the buyer's mail follow in the same transaction.
 */
export async function shipOrder(
  db: Db,
  staff: Actor,
  orderId: string,
  input: ShipmentInput,
  notify: OrderNotify,
  mail: ShipmentMail = 'shipment',
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound(shipmentMessages.notFound);
  if (input.lines.length === 0) throw badRequest(shipmentMessages.noLines);
  const shipped = await db.transaction(async (tx) => {
    const [held] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
    if (!held) throw notFound(shipmentMessages.notFound);
    if (!shippableStatuses.includes(held.status)) {
      throw conflict(shipmentMessages.notShippable(orderStatusLabels[held.status].toLowerCase()));
    }
    const lines = await tx
      .select()
      .from(orderLine)
      .where(eq(orderLine.orderId, orderId))
      .for('update');
    const byNo = new Map(lines.map((l) => [l.lineNo, l]));
    for (const want of input.lines) {
      const line = byNo.get(want.lineNo);
      if (!line) throw badRequest(shipmentMessages.unknownLine(want.lineNo));
      if (want.quantity > line.allocated) {
        throw conflict(shipmentMessages.tooMany(line.partNumber, line.allocated));
      }
    }
    if (held.shippingMode === 'complete') {
      const owed = lines.reduce((sum, l) => sum + l.backordered, 0);
      const asked = new Map(input.lines.map((l) => [l.lineNo, l.quantity]));
      const whole = lines.every((l) => (asked.get(l.lineNo) ?? 0) === l.allocated);
      if (owed > 0 || !whole) throw conflict(shipmentMessages.shipComplete);
    }
    // What is still to ship once this shipment has gone, from the lines as locked.
    const ahead =
      lines.reduce((sum, l) => sum + l.allocated + l.backordered, 0) -
      input.lines.reduce((sum, l) => sum + l.quantity, 0);
    const to: OrderStatus = ahead === 0 ? 'shipped' : 'partially_shipped';
    const shipped = await writeShipment(tx, staff, held.status, to, orderId, input);
    // The shipment, its timeline event and the buyer's mail commit together.
    const [full] = await withLines(tx, [shipped.row]);
    if (!full) throw notFound(shipmentMessages.notFound);
    await notify(
      tx,
      mail === 'order_shipped'
        ? { kind: 'order_shipped' }
        : {
            kind: 'order_shipment',
            shipment: { ...shipped.shipment, last: full.status === 'shipped' },
          },
      full,
    );
    return full;
  });
  return orderToJson(shipped);
}

async function writeShipment(
  tx: Tx,
  staff: Actor,
  was: OrderStatus,
  to: OrderStatus,
  orderId: string,
  input: ShipmentInput,
) {
  for (const want of input.lines) {
    await tx
      .update(orderLine)
      .set({
        allocated: sql`${orderLine.allocated} - ${want.quantity}`,
        shipped: sql`${orderLine.shipped} + ${want.quantity}`,
      })
      .where(and(eq(orderLine.orderId, orderId), eq(orderLine.lineNo, want.lineNo)));
  }
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${shipment.number}), 0)::int + 1` })
    .from(shipment)
    .where(eq(shipment.orderId, orderId));
  const carrier = input.carrier || null;
  const trackingNumber = input.trackingNumber || null;
  const [made] = await tx
    .insert(shipment)
    .values({ orderId, number: Number(next), carrier, trackingNumber, createdBy: staff.id })
    .returning({ id: shipment.id, number: shipment.number });
  await tx
    .insert(shipmentLine)
    .values(
      input.lines.map((l) => ({ shipmentId: made!.id, lineNo: l.lineNo, quantity: l.quantity })),
    );
  const [row] = await tx
    .update(order)
    .set({
      status: to,
      carrier,
      trackingNumber,
      ...(to === 'shipped' ? { shippedAt: new Date() } : {}),
    })
    .where(and(eq(order.id, orderId), inArray(order.status, shippableStatuses)))
    .returning();
  if (!row) throw conflict(shipmentMessages.changedMeanwhile);
  if (to !== was) await recordOrderEvent(tx, { orderId, from: was, to, actorId: staff.id });
  return {
    row,
    shipment: { number: made!.number, carrier, trackingNumber, lines: [...input.lines] },
  };
}

/**
 * Cancels a shipment before it left (a label voided, a pickup missed), in one transaction under
 * the order's row lock: its pieces go back from shipped to set aside for their lines (the stock
 * does not change: they never left), the shipment keeps its number marked cancelled, and the
 * order reads partially shipped while another shipment stands, else as before it shipped (paid,
 * or on account). Refused for pieces that came back already (a refund with restock took them),
 * for a delivered order, and twice. The timeline and the buyer's mail commit with it.
 */
export async function cancelShipment(
  db: Db,
  staff: Actor,
  orderId: string,
  number: number,
  notify: OrderNotify,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound(shipmentMessages.notFound);
  const cancelled = await db.transaction(async (tx) => {
    const [held] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
    if (!held) throw notFound(shipmentMessages.notFound);
    const [made] = await tx
      .select()
      .from(shipment)
      .where(and(eq(shipment.orderId, orderId), eq(shipment.number, number)))
      .for('update');
    if (!made) throw notFound(shipmentMessages.shipmentNotFound(number));
    if (made.cancelledAt) throw conflict(shipmentMessages.alreadyCancelled(number));
    if (!shipmentCancellableStatuses.includes(held.status)) {
      throw conflict(shipmentMessages.notCancellable(orderStatusLabels[held.status].toLowerCase()));
    }
    const carried = await tx
      .select()
      .from(shipmentLine)
      .where(eq(shipmentLine.shipmentId, made.id));
    const lines = await tx
      .select()
      .from(orderLine)
      .where(eq(orderLine.orderId, orderId))
      .for('update');
    const byNo = new Map(lines.map((l) => [l.lineNo, l]));
    for (const piece of carried) {
      const line = byNo.get(piece.lineNo);
      if (!line || line.shipped - line.returned < piece.quantity) {
        throw conflict(
          shipmentMessages.cameBack(number, line?.partNumber ?? `line ${piece.lineNo}`),
        );
      }
    }
    for (const piece of carried) {
      await tx
        .update(orderLine)
        .set({
          shipped: sql`${orderLine.shipped} - ${piece.quantity}`,
          allocated: sql`${orderLine.allocated} + ${piece.quantity}`,
        })
        .where(and(eq(orderLine.orderId, orderId), eq(orderLine.lineNo, piece.lineNo)));
    }
    await tx
      .update(shipment)
      // The transaction's time, as the status change it makes (the timeline's order).
      .set({ cancelledAt: sql`now()`, cancelledBy: staff.id })
      .where(eq(shipment.id, made.id));
    // The latest shipment still standing gives the order its carrier and tracking, if any.
    const [standing] = await tx
      .select()
      .from(shipment)
      .where(and(eq(shipment.orderId, orderId), isNull(shipment.cancelledAt)))
      .orderBy(desc(shipment.number))
      .limit(1);
    const to: OrderStatus = standing
      ? 'partially_shipped'
      : held.paymentMethod === 'account'
        ? 'on_account'
        : 'paid';
    const [row] = await tx
      .update(order)
      .set({
        status: to,
        carrier: standing?.carrier ?? null,
        trackingNumber: standing?.trackingNumber ?? null,
        shippedAt: null,
      })
      .where(eq(order.id, orderId))
      .returning();
    if (!row) throw notFound(shipmentMessages.notFound);
    if (to !== held.status) {
      await recordOrderEvent(tx, { orderId, from: held.status, to, actorId: staff.id });
    }
    const [full] = await withLines(tx, [row]);
    if (!full) throw notFound(shipmentMessages.notFound);
    await notify(tx, { kind: 'shipment_cancelled', shipment: { number } }, full);
    return full;
  });
  return orderToJson(cancelled);
}

/**
 * A partly shipped order of which nothing is left to ship once pieces were taken back (a refund
 * with restock cancelled what was still owed or set aside) has shipped: marked so, in the
 * caller's transaction, with its timeline event.
 */
export async function shippedWhenNothingAhead(
  tx: Tx,
  orderId: string,
  actorId: string | null,
): Promise<void> {
  const [row] = await tx
    .update(order)
    .set({ status: 'shipped', shippedAt: new Date() })
    .where(
      and(
        eq(order.id, orderId),
        eq(order.status, 'partially_shipped'),
        sql`not exists (select 1 from ${orderLine} l
                         where l.order_id = ${orderId} and l.allocated + l.backordered > 0)`,
      ),
    )
    .returning({ id: order.id });
  if (row) {
    await recordOrderEvent(tx, { orderId, from: 'partially_shipped', to: 'shipped', actorId });
  }
}

/**
 * The buyers' side of back-orders dated anew (stock/back-orders.ts `repromise`): one mail per
 * order naming each line whose day moved, the old day and the new, written in the transaction
 * that moved them. Handed to the supply module by app.ts (it sits below this one).
 */
export function promisesMovedNotifier(notify: OrderNotify): OnPromisesMoved {
  return async (tx, moved) => {
    const byOrder = new Map<string, PromiseMoved[]>();
    for (const m of moved) byOrder.set(m.orderId, [...(byOrder.get(m.orderId) ?? []), m]);
    for (const [orderId, lines] of byOrder) {
      const row = await findOrderRow(tx, orderId);
      if (row) await notify(tx, { kind: 'backorder_date_moved', moved: lines }, row);
    }
  };
}

/**
 * What can ship now, oldest first: orders paid or on account (or partly shipped) with pieces set
 * aside, shipping as available, or shipping complete with nothing still owed.
 */
export async function readyToShip(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(order)
    .where(
      and(
        inArray(order.status, shippableStatuses),
        sql`exists (select 1 from ${orderLine} l where l.order_id = "order".id and l.allocated > 0)`,
        sql`(${order.shippingMode} = 'as_available' or not exists (
               select 1 from ${orderLine} l where l.order_id = "order".id and l.backordered > 0))`,
      ),
    )
    .orderBy(asc(order.createdAt))
    .limit(200);
  return (await withLines(db, rows)).map(orderToJson);
}
