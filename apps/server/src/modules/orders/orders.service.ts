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
import {
  isOrderMultiple,
  priceLine,
  pricingMessages,
  type Pricing,
} from '@voltforge/contract/pricing';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { order } from '../../db/schema/order.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import type { OrderCancelReason } from '@voltforge/contract/order-timeline';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';
import { recordOrderEvent } from './order-events.ts';
import type { OrderNotify, RenderOrderMail } from '../../mail/order-notices.ts';
import { MAIL_QUEUED, outboxSignal } from '../../mail/outbox.ts';
import type { CancelledBy } from '../../mail/templates/order-mails.ts';
import { findOrderRow, orderToJson, PAID_STATUSES, type OrderRow } from './order-row.ts';
import { placeBatched, readForOrder, type OrderingState } from './placement-batch.ts';

/** The tool can change between the read and the reservation; the placement is tried again then. */
const PLACE_ATTEMPTS = 3;

/** The tool's pricing as the ordering read gives it; null when there is no such tool. */
function pricingFrom(state: OrderingState): Pricing | null {
  const { price_cents: priceCents, min_order_quantity: min, order_multiple: multiple } = state;
  const priceBreaks = state.price_breaks;
  if (priceCents === null || min === null || multiple === null || priceBreaks === null) return null;
  return { priceCents, minOrderQuantity: min, orderMultiple: multiple, priceBreaks };
}

/** Why an order cannot be placed, from the tool and the account as they are; null when it can. */
function refusal(
  state: OrderingState,
  pricing: Pricing | null,
  q: number,
  maxUnpaid: number,
): Error | null {
  const inStock = state.in_stock;
  if (state.name === null || state.archived || inStock === null || pricing === null) {
    return notFound(orderMessages.toolNotFound);
  }
  const min = pricing.minOrderQuantity;
  if (q < min) {
    return badRequest(orderMessages.minQuantity(min), { quantity: orderMessages.minQuantity(min) });
  }
  if (!isOrderMultiple(pricing, q)) {
    const message = pricingMessages.multiple(pricing.orderMultiple);
    return badRequest(message, { quantity: message });
  }
  if (state.unpaid >= maxUnpaid) return conflict(orderMessages.tooManyUnpaid(maxUnpaid));
  if (inStock < q) return conflict(shortageMessage(inStock));
  if (priceLine(pricing, q).totalCents > INT32_MAX) return badRequest(orderMessages.totalTooLarge);
  return null;
}

/**
 * Places an order: a lock-free read explains refusals and gives what the order copies (name, part
 * number, price: from the tool and the session, never the client), then one autocommitted call of
 * `voltforge_place_orders` reserves the stock and writes the order, grouped with the orders of the
 * same tool in flight (docs/architecture.md §7; decision 008).
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  input: CreateOrderBody,
  deps: { maxUnpaid: number; renderMail: RenderOrderMail; onLowStock: OnLowStock },
): Promise<Order> {
  if (!isUuid(input.toolId)) throw notFound(orderMessages.toolNotFound);
  const q = input.quantity;
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    const state = await readForOrder(db, input.toolId, customer.id);
    const pricing = pricingFrom(state);
    const refused = refusal(state, pricing, q, deps.maxUnpaid);
    if (refused || !pricing) throw refused ?? notFound(orderMessages.toolNotFound);
    const line = priceLine(pricing, q);
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
      unitPriceCents: line.unitPriceCents,
      quantity: q,
      totalCents: line.totalCents,
      status: 'pending_payment',
      paymentIntentId: null,
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      createdAt: new Date(state.now),
    };
    const mail = deps.renderMail({ kind: 'order_placed' }, row);
    const placed = await placeBatched(db, {
      order_id: row.id,
      user_id: customer.id,
      customer_name: row.customerName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      tool_id: row.toolId,
      quantity: q,
      max_unpaid: deps.maxUnpaid,
      tool_name: row.toolName,
      part_number: row.partNumber,
      price_cents: pricing.priceCents,
      order_multiple: pricing.orderMultiple,
      price_breaks: pricing.priceBreaks,
      unit_price_cents: line.unitPriceCents,
      mail_subject: mail.subject,
      mail_html: mail.html,
      mail_text: mail.text,
    });
    if (placed.outcome === 'too_many_unpaid') {
      throw conflict(orderMessages.tooManyUnpaid(deps.maxUnpaid));
    }
    if (placed.outcome !== 'placed') continue;
    outboxSignal.emit(MAIL_QUEUED);
    if (placed.went_low) {
      await db.transaction((tx) => syncLowStock(tx, [row.toolId], deps.onLowStock));
    }
    return orderToJson({ ...row, createdAt: new Date(placed.created_at ?? state.now) });
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
