import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { CompanyOrder, DeleteOrderResult, Order } from '@voltforge/contract/order';
import {
  orderMessages,
  orderStatusLabels,
  type OrderStatus,
} from '@voltforge/contract/order-rules';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { releaseHold } from '../credit/credit.service.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import { conflict, forbidden, notFound } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import type { OrderCancelReason } from '@voltforge/contract/order-timeline';
import { syncLowStock } from '../../stock/low-stock.service.ts';
import { returnToStock } from '../../stock/stock-returns.ts';
import { recordOrderEvent } from './order-events.ts';
import { membershipOf, seesAllCompanyOrders } from '../company/company.service.ts';
import { companyMessages } from '@voltforge/contract/company-rules';
import type { OrderNotify } from '../../mail/order-notices.ts';
import type { CancelledBy } from '../../mail/templates/order-mails.ts';
import { findOrderRow, orderToJson, PAID_STATUSES, withLines, type OrderRow } from './order-row.ts';

function canSee(actor: Actor, row: OrderRow): boolean {
  return actor.role === 'admin' || row.userId === actor.id;
}

/** One order for its owner or an admin; anyone else gets the same 404 as for a missing order. */
export async function getOrder(db: Db, actor: Actor, id: string): Promise<Order> {
  return orderToJson(await visibleOrder(db, actor, id));
}

/** The order with this id if the actor may see it (its customer, or an admin); 404 otherwise. */
export async function visibleOrder(db: Db, actor: Actor, id: string): Promise<OrderRow> {
  const row = await findOrderRow(db, id);
  if (!row || !canSee(actor, row)) throw notFound(orderMessages.orderNotFound);
  return row;
}

/** How many of its orders a company's list shows, newest first. */
export const COMPANY_ORDERS_SHOWN = 200;

/**
 * The orders placed for the caller's company, newest first, each naming who placed it: admins
 * and approvers see all of them, a buyer their own unless the company lets buyers see all. An order stays the company's when the buyer
 * who placed it leaves. Orders cancelled before payment are left out, as in My Orders.
 */
export async function listCompanyOrders(db: Db, actor: Actor): Promise<CompanyOrder[]> {
  const mine = await membershipOf(db, actor.id);
  if (!mine) throw notFound(companyMessages.notInCompany);
  const everyone = await seesAllCompanyOrders(db, mine);
  const rows = await db
    .select()
    .from(order)
    .where(
      and(
        eq(order.companyId, mine.companyId),
        everyone ? undefined : eq(order.userId, actor.id),
        or(ne(order.status, 'cancelled'), isNotNull(order.paidAt)),
      ),
    )
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(COMPANY_ORDERS_SHOWN);
  const approverIds = [...new Set(rows.flatMap((r) => (r.approvedBy ? [r.approvedBy] : [])))];
  const approvers = approverIds.length
    ? await db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(inArray(user.id, approverIds))
    : [];
  return (await withLines(db, rows)).map((row) => ({
    ...orderToJson(row),
    approvedBy: approvers.find((a) => a.id === row.approvedBy)?.name ?? null,
  }));
}

/**
 * The orders of the account with this email, newest first. An order cancelled before it was paid
 * is gone from the list (a customer "deletes" an unpaid order by cancelling it); one cancelled
 * after it was paid stays, with its status and amounts, as it has an invoice and a refund to show.
 * Only an admin may name someone else.
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
    .where(
      and(eq(order.userId, userId), or(ne(order.status, 'cancelled'), isNotNull(order.paidAt))),
    )
    .orderBy(desc(order.createdAt), desc(order.id));
  return (await withLines(db, rows)).map(orderToJson);
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
  /**
   * Refunds a paid order once it is cancelled, through the refunds' one path (the payments
   * module's, wired by app.ts). Its outcome shows on the order's refunds: a provider that fails
   * leaves the refund failed or pending there, for the admin to see and retry; the cancel stands.
   */
  refundCancelled?: (orderId: string, actor: Actor) => Promise<unknown>;
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
 * A cancelled order's pieces: what was owed is cancelled, what was set aside goes back to stock,
 * with a stock movement per tool, even to an archived tool, so the books balance; a line gives
 * back what a refund with restock has not taken already (`returnToStock`).
 */
async function returnStock(tx: Tx, cancelled: OrderRow, actorId: string): Promise<void> {
  await returnToStock(
    tx,
    cancelled.id,
    'cancel',
    actorId,
    cancelled.lines.map((l) => ({ lineNo: l.lineNo, toolId: l.toolId, quantity: l.quantity })),
  );
}

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
    actor.role === 'admin' ? ['pending_payment', 'paid', 'on_account'] : ['pending_payment'];
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
    const { lines, invoice, refunds } = row;

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
      const cancelledOrder = { ...updated, lines, invoice, refunds };
      await returnStock(tx, cancelledOrder, actor.id);
      // On account: what it still owed goes back to the company's credit, once.
      if (updated.paymentMethod === 'account') await releaseHold(tx, orderId);
      await recordOrderEvent(tx, {
        orderId,
        from: was,
        to: 'cancelled',
        // The sweep acts in the customer's name, but nobody pressed a button.
        actorId: reason === 'unpaid_expired' ? null : actor.id,
        cancelReason: reason,
      });
      // Stock only comes back here: this can re-arm the tools' alerts, never raise one.
      await syncLowStock(
        tx,
        lines.map((l) => l.toolId),
        null,
      );
      await notify(
        tx,
        {
          kind: 'order_cancelled',
          by: mailedCancelledBy[reason],
          wasPaid: updated.paidAt !== null,
        },
        cancelledOrder,
      );
      return true;
    });
    if (cancelled) {
      // An order on account was never charged: its credit went back above, nothing is refunded.
      if (was === 'paid' && steps.refundCancelled) {
        await steps.refundCancelled(orderId, actor).catch(() => undefined);
      }
      return { deletedCount: 1 };
    }

    // The order changed under us: another cancel won (0), it was paid meanwhile (409), or a new
    // payment intent appeared, which must be settled before the order may be cancelled.
    row = await findOrderRow(db, orderId);
    if (!row || row.status === 'cancelled') return { deletedCount: 0 };
    const newIntent = row.status === 'pending_payment' && row.paymentIntentId !== readIntent;
    if (!newIntent) throw cannotCancel(actor, row.status, settled);
    if (attempt >= CANCEL_ATTEMPTS) throw conflict(orderMessages.cancelRaced);
  }
}
