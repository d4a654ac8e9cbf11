import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
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
import { announceCatalogueChange, CATALOGUE_CHANNEL } from '../../db/change-channels.ts';
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

/** The tool can change between the read and the reservation; the placement is tried again then. */
const PLACE_ATTEMPTS = 3;

// Any constant works: it only keeps these per-account locks apart from other advisory locks.
const UNPAID_LOCK_NAMESPACE = 7_340_022;

/** The tool and the account as the placing transaction reads them before reserving. */
type OrderingState = {
  name: string | null;
  part_number: string | null;
  price_cents: number | null;
  in_stock: number | null;
  min_order_quantity: number | null;
  archived: boolean | null;
  unpaid: number;
  now: string | Date;
};

/** What the reserving statement returns when it took the stock. */
type Reserved = {
  in_stock: number;
  threshold: number;
  crossed: boolean;
};

/** Both drivers (node-postgres and PGlite) answer a raw statement with its `rows`. */
interface Rows<T> {
  rows: T[];
}

/** Thrown inside the transaction to undo it when the stock or the tool changed since it was read. */
class ChangedMeanwhile extends Error {}

/** Why an order cannot be placed, from the tool and the account as they are; null when it can. */
function refusal(state: OrderingState, q: number, maxUnpaid: number): Error | null {
  const { in_stock: inStock, min_order_quantity: min, price_cents: price } = state;
  if (state.name === null || state.archived || inStock === null || min === null || price === null) {
    return notFound(orderMessages.toolNotFound);
  }
  if (q < min) {
    return badRequest(orderMessages.minQuantity(min), { quantity: orderMessages.minQuantity(min) });
  }
  if (state.unpaid >= maxUnpaid) return conflict(orderMessages.tooManyUnpaid(maxUnpaid));
  if (inStock < q) return conflict(shortageMessage(inStock));
  if (price * q > INT32_MAX) return badRequest(orderMessages.totalTooLarge);
  return null;
}

/**
 * Places an order, holding the tool's row lock as briefly as possible, because every order of a
 * popular tool queues on it (docs/performance.md, "Order placement"). In one transaction:
 *
 * 1. a per-account advisory lock, so counting the account's unpaid orders is safe (a statement's
 *    snapshot is fixed when it starts, so the count must come after the lock, in its own statement);
 * 2. one read of the tool, that count and the transaction's time — a refusal is explained from it;
 * 3. the order is built here (its id, the tool's name, part number and price as read) and the
 *    customer's mail is written — all before any lock on the tool;
 * 4. one statement reserves the stock with a conditional UPDATE that also checks that the tool
 *    still has the name, part number and price just read (no read-then-write, so concurrent orders
 *    can never oversell), marks the tool low on stock if this order takes it to its threshold,
 *    writes the order and its stock movement, and announces the catalogue change;
 * 5. COMMIT. Only step 4 and the commit hold the tool's row.
 *
 * If step 4 finds the tool changed since step 2, the whole transaction (mail included) is undone
 * and tried again. Name, email and price come from the session and the tool, never the client.
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
    try {
      const placed = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${UNPAID_LOCK_NAMESPACE}, hashtext(${customer.id}))`,
        );
        const read = (await tx.execute<OrderingState>(sql`
          select t.name, t.part_number, t.price_cents, t.in_stock, t.min_order_quantity,
                 t.archived_at is not null as archived,
                 (select count(*) from ${order}
                  where user_id = ${customer.id} and status = 'pending_payment')::int as unpaid,
                 now() as now
          from (select 1) as one left join ${tool} t on t.id = ${input.toolId}`)) as Rows<OrderingState>;
        const state = read.rows[0];
        if (!state) throw new Error('the ordering read returned no row');
        const refused = refusal(state, q, limits.maxUnpaid);
        if (refused) throw refused;
        const priceCents = state.price_cents ?? 0;
        const row: OrderRow = {
          id: randomUUID(),
          userId: customer.id,
          customerName: customer.name,
          email: customer.email,
          phone: input.phone,
          address: input.address,
          toolId: input.toolId,
          toolName: state.name ?? '',
          partNumber: state.part_number ?? '',
          unitPriceCents: priceCents,
          quantity: q,
          totalCents: priceCents * q,
          status: 'pending_payment',
          paymentIntentId: null,
          transactionId: null,
          paidAt: null,
          shippedAt: null,
          deliveredAt: null,
          cancelledAt: null,
          createdAt: new Date(state.now),
        };
        await limits.notify(tx, { kind: 'order_placed' }, row);

        const threshold = sql`coalesce(low_stock_threshold, 2 * min_order_quantity)`;
        const reserved = (await tx.execute<Reserved>(sql`
          with reserved as (
            update ${tool} set
              in_stock = in_stock - ${q},
              low_stock_notified_at = case
                when low_stock_notified_at is null and in_stock - ${q} <= ${threshold} then now()
                else low_stock_notified_at end
            where id = ${row.toolId} and archived_at is null
              and in_stock >= ${q} and min_order_quantity <= ${q}
              and price_cents = ${row.unitPriceCents} and name = ${row.toolName}
              and part_number = ${row.partNumber}
            -- now() is the transaction's time: equal only to a mark set by this very statement.
            returning id, in_stock, ${threshold} as threshold, low_stock_notified_at = now() as crossed
          ), created as (
            insert into ${order} (id, user_id, customer_name, email, phone, address, tool_id,
                                  tool_name, part_number, unit_price_cents, quantity, total_cents,
                                  created_at)
            select ${row.id}, ${row.userId}, ${row.customerName}, ${row.email}, ${row.phone},
                   ${row.address}, r.id, ${row.toolName}, ${row.partNumber},
                   ${row.unitPriceCents}, ${q}, ${row.totalCents}, now()
            from reserved r
            returning id, tool_id, quantity, user_id
          ), moved as (
            insert into ${stockMovement} (tool_id, delta, reason, order_id, actor_id)
            select c.tool_id, -c.quantity, 'order', c.id, c.user_id from created c
          )
          select r.in_stock, r.threshold, r.crossed, pg_notify(${CATALOGUE_CHANNEL}, '')
          from reserved r`)) as Rows<Reserved>;
        const taken = reserved.rows[0];
        if (!taken) throw new ChangedMeanwhile();
        if (taken.crossed) {
          await limits.onLowStock(tx, [
            {
              id: row.toolId,
              name: row.toolName,
              partNumber: row.partNumber,
              inStock: taken.in_stock,
              lowStockThreshold: taken.threshold,
            },
          ]);
        }
        return row;
      });
      return orderToJson(placed);
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
    }
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
