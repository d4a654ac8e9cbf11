import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  orderMessages,
  shortageMessage,
  orderStatusLabels,
  type CreateOrderBody,
  type DeleteOrderResult,
  type Order,
  type OrderStatus,
} from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment';
import type { Db } from '../../db/client.ts';
import { announceCatalogueChange, CATALOGUE_CHANNEL } from '../../db/catalogue-changes.ts';
import { user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import type { OrderCancelReason } from '@voltforge/contract/order-timeline';
import { syncLowStock, type OnLowStock } from '../low-stock/low-stock.service.ts';
import { recordOrderEvent } from '../order-timeline/order-events.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import type { CancelledBy } from '../../mail/templates/order-mails.ts';
import { findOrderRow, orderToJson, PAID_STATUSES, type OrderRow } from './order-row.ts';

/** A restock can land between our statement and the read that explains its failure; try again then. */
const PLACE_ATTEMPTS = 3;

// Any constant works: it only keeps these per-account locks apart from other advisory locks.
const UNPAID_LOCK_NAMESPACE = 7_340_022;

/** The inserted order row as the placing statement returns it: `to_json` of the row. */
type InsertedOrder = {
  id: string;
  user_id: string | null;
  customer_name: string;
  email: string;
  phone: string;
  address: string;
  tool_id: string;
  tool_name: string;
  part_number: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  status: OrderStatus;
  payment_intent_id: string | null;
  transaction_id: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  created_at: string;
};
type PlacedRow = { order: InsertedOrder };

/** Both drivers (node-postgres and PGlite) answer a raw statement with its `rows`. */
interface PlacedRows {
  rows: PlacedRow[];
}

function orderRowFromJson(json: InsertedOrder): OrderRow {
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    id: json.id,
    userId: json.user_id,
    customerName: json.customer_name,
    email: json.email,
    phone: json.phone,
    address: json.address,
    toolId: json.tool_id,
    toolName: json.tool_name,
    partNumber: json.part_number,
    unitPriceCents: json.unit_price_cents,
    quantity: json.quantity,
    totalCents: json.total_cents,
    status: json.status,
    paymentIntentId: json.payment_intent_id,
    transactionId: json.transaction_id,
    paidAt: date(json.paid_at),
    shippedAt: date(json.shipped_at),
    deliveredAt: date(json.delivered_at),
    cancelledAt: date(json.cancelled_at),
    createdAt: new Date(json.created_at),
  };
}

/**
 * Places an order. One statement does the work: a conditional UPDATE reserves the stock (no
 * read-then-write, so concurrent orders can never oversell) only while the account has fewer than
 * `maxUnpaid` unpaid orders and the total fits, then the same statement writes the order and its
 * stock movement and announces the catalogue change (delivered at commit); the low-stock marker
 * and the customer's mail join the same transaction. Counting unpaid orders
 * is only safe under a per-account lock taken by an earlier statement: a statement's snapshot is
 * fixed when it starts, so it could not see an order committed while it waited. Name, email and
 * price come from the session and the tool, never the client. The statement runs in a
 * transaction so that other writes (say, a confirmation mail) can join it.
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  input: CreateOrderBody,
  limits: { maxUnpaid: number; notify: OrderNotify; onLowStock: OnLowStock },
): Promise<Order> {
  if (!isUuid(input.toolId)) throw notFound(orderMessages.toolNotFound);
  const q = input.quantity;
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    const placed = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${UNPAID_LOCK_NAMESPACE}, hashtext(${customer.id}))`,
      );
      const result = (await tx.execute<PlacedRow>(sql`
        with reserved as (
          update ${tool} set in_stock = in_stock - ${q}
          where id = ${input.toolId} and archived_at is null
            and in_stock >= ${q} and min_order_quantity <= ${q}
            and price_cents::bigint * ${q} <= ${INT32_MAX}
            and (select count(*) from ${order}
                 where user_id = ${customer.id} and status = 'pending_payment') < ${limits.maxUnpaid}
          returning id, name, part_number, price_cents
        ), created as (
          insert into ${order} (user_id, customer_name, email, phone, address, tool_id, tool_name,
                                part_number, unit_price_cents, quantity, total_cents)
          select ${customer.id}, ${customer.name}, ${customer.email}, ${input.phone},
                 ${input.address}, r.id, r.name, r.part_number, r.price_cents, ${q},
                 r.price_cents * ${q}
          from reserved r
          returning *
        ), moved as (
          insert into ${stockMovement} (tool_id, delta, reason, order_id, actor_id)
          select c.tool_id, -c.quantity, 'order', c.id, c.user_id from created c
        )
        select to_json(c) as "order", pg_notify(${CATALOGUE_CHANNEL}, '') from created c`)) as PlacedRows;
      const [row] = result.rows;
      if (!row) return null;
      const created = orderRowFromJson(row.order);
      await syncLowStock(tx, [input.toolId], limits.onLowStock);
      await limits.notify(tx, { kind: 'order_placed' }, created);
      return created;
    });
    if (placed) return orderToJson(placed);

    // Nothing was reserved: say why, from the tool and the account as they are now.
    const [[current], [unpaid]] = await Promise.all([
      db
        .select({
          inStock: tool.inStock,
          minOrderQuantity: tool.minOrderQuantity,
          priceCents: tool.priceCents,
          archivedAt: tool.archivedAt,
        })
        .from(tool)
        .where(eq(tool.id, input.toolId)),
      db
        .select({ n: count() })
        .from(order)
        .where(and(eq(order.userId, customer.id), eq(order.status, 'pending_payment'))),
    ]);
    if (!current || current.archivedAt) throw notFound(orderMessages.toolNotFound);
    if (q < current.minOrderQuantity) {
      throw badRequest(orderMessages.minQuantity(current.minOrderQuantity), {
        quantity: orderMessages.minQuantity(current.minOrderQuantity),
      });
    }
    if ((unpaid?.n ?? 0) >= limits.maxUnpaid) {
      throw conflict(orderMessages.tooManyUnpaid(limits.maxUnpaid));
    }
    if (current.inStock < q) throw conflict(shortageMessage(current.inStock));
    if (current.priceCents * q > INT32_MAX) throw badRequest(orderMessages.totalTooLarge);
  }
  throw conflict('The stock changed while you were ordering. Please try again.');
}

function canSee(actor: Actor, row: OrderRow): boolean {
  return actor.role === 'admin' || row.userId === actor.id;
}

/** One order for its owner or an admin; anyone else gets the same 404 as for a missing order. */
export async function getOrder(db: Db, actor: Actor, id: string): Promise<Order> {
  return orderToJson(await visibleOrder(db, actor, id));
}

async function visibleOrder(db: Db, actor: Actor, id: string): Promise<OrderRow> {
  const row = await findOrderRow(db, id);
  if (!row || !canSee(actor, row)) throw notFound(orderMessages.orderNotFound);
  return row;
}

/**
 * The orders of the account with this email, newest first; cancelled ones are gone from the
 * list (a customer "deletes" an order by cancelling it). Only an admin may name someone else.
 */
export async function listOrders(db: Db, actor: Actor, email?: string): Promise<Order[]> {
  const wanted = email?.toLowerCase();
  let userId = actor.id;
  if (wanted && wanted !== actor.email.toLowerCase()) {
    if (actor.role !== 'admin') throw forbidden(orderMessages.otherUsersOrders);
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, wanted));
    if (!owner) return [];
    userId = owner.id;
  }
  const rows = await db
    .select()
    .from(order)
    .where(and(eq(order.userId, userId), ne(order.status, 'cancelled')))
    .orderBy(desc(order.createdAt), desc(order.id));
  return rows.map(orderToJson);
}

/**
 * Run before an order with a payment intent is cancelled, outside any transaction (it may call
 * the card provider): records a payment that already went through, or cancels the intent so it
 * can never be confirmed. The order routes pass the payments module's guard.
 */
export type BeforeCancel = (row: OrderRow) => Promise<void>;

/** What a cancel needs beside the order: the payment step, the customer's mail, and who it is. */
export interface CancelSteps {
  beforeCancel?: BeforeCancel;
  notify: OrderNotify;
  /** Why, for the timeline and the customer's mail; by default who acts (an admin, or the customer). */
  reason?: OrderCancelReason;
}

/** How the customer's mail names each reason for a cancellation. */
const mailedCancelledBy: Record<OrderCancelReason, CancelledBy> = {
  customer: 'customer',
  admin: 'admin',
  unpaid_expired: 'expired',
  account_removed: 'admin',
};

function cannotCancel(actor: Actor, status: OrderStatus, settled: boolean) {
  // Paid by the payment this cancel has just found at the provider: an admin too is told, rather
  // than cancelling a payment they did not know about.
  if (settled && status === 'paid') return conflict(paymentMessages.orderAlreadyPaid);
  if (PAID_STATUSES.includes(status) && actor.role !== 'admin') {
    return conflict(orderMessages.paidCannotBeDeleted);
  }
  return conflict(orderMessages.cannotCancel(orderStatusLabels[status].toLowerCase()));
}

/** An intent created while a cancel was settling the previous one: settle the new one too. */
const CANCEL_ATTEMPTS = 3;

/**
 * Cancels an order and returns its stock, in one transaction: a conditional UPDATE on the order
 * (so two cancels, or a cancel racing a payment, cannot both win), then the stock and a 'cancel'
 * stock movement. The customer may cancel only while unpaid; an admin also a paid order that has
 * not shipped. Exported for the admin order actions. An order with a payment intent is first
 * settled with the provider by `beforeCancel`, so no payment can land on a cancelled order. The
 * UPDATE also requires the intent id this call read (and settled): an intent created meanwhile by
 * "Pay" makes it miss, and the settle step runs again for the new intent.
 */
export async function cancelOrder(
  db: Db,
  actor: Actor,
  id: string,
  steps: CancelSteps,
): Promise<DeleteOrderResult> {
  const { beforeCancel, notify } = steps;
  const reason = steps.reason ?? (actor.role === 'admin' ? 'admin' : 'customer');
  let row: OrderRow | undefined = await visibleOrder(db, actor, id);
  const orderId = row.id;
  const cancellable: OrderStatus[] =
    actor.role === 'admin' ? ['pending_payment', 'paid'] : ['pending_payment'];
  let settled = false;
  for (let attempt = 1; ; attempt += 1) {
    if (row.status === 'cancelled') return { deletedCount: 0 };
    if (!cancellable.includes(row.status)) throw cannotCancel(actor, row.status, settled);
    if (row.paymentIntentId && row.status === 'pending_payment' && beforeCancel) {
      await beforeCancel(row);
      settled = true;
      row = await findOrderRow(db, orderId);
      if (!row || row.status === 'cancelled') return { deletedCount: 0 };
      if (row.status !== 'pending_payment') throw cannotCancel(actor, row.status, true);
    }
    const from: OrderStatus[] = settled ? ['pending_payment'] : cancellable;
    const readIntent = row.paymentIntentId;
    const was = row.status;

    const cancelled = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(order)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(
          and(
            eq(order.id, orderId),
            inArray(order.status, from),
            sql`${order.paymentIntentId} IS NOT DISTINCT FROM ${readIntent}::text`,
          ),
        )
        .returning();
      if (!updated) return false;
      // Stock goes back even to an archived tool, so the books balance.
      await tx
        .update(tool)
        .set({ inStock: sql`${tool.inStock} + ${updated.quantity}` })
        .where(eq(tool.id, updated.toolId));
      await tx.insert(stockMovement).values({
        toolId: updated.toolId,
        delta: updated.quantity,
        reason: 'cancel',
        orderId,
        actorId: actor.id,
      });
      await recordOrderEvent(tx, {
        orderId,
        from: was,
        to: 'cancelled',
        // The sweep acts in the customer's name, but nobody pressed a button.
        actorId: reason === 'unpaid_expired' ? null : actor.id,
        cancelReason: reason,
      });
      // Stock only comes back here: this can re-arm the tool's alert, never raise one.
      await syncLowStock(tx, [updated.toolId], null);
      await notify(
        tx,
        {
          kind: 'order_cancelled',
          by: mailedCancelledBy[reason],
          wasPaid: updated.paidAt !== null,
        },
        updated,
      );
      await announceCatalogueChange(tx);
      return true;
    });
    if (cancelled) return { deletedCount: 1 };

    // The order changed under us: another cancel won (0), it was paid meanwhile (409), or a new
    // payment intent appeared, which must be settled before the order may be cancelled.
    row = await findOrderRow(db, orderId);
    if (!row || row.status === 'cancelled') return { deletedCount: 0 };
    const newIntent = row.status === 'pending_payment' && row.paymentIntentId !== readIntent;
    if (!newIntent) throw cannotCancel(actor, row.status, settled);
    if (attempt >= CANCEL_ATTEMPTS) throw conflict(orderMessages.cancelRaced);
  }
}
