import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '@voltforge/contract/order';
import type { CreatePaymentIntentResponse } from '@voltforge/contract/payment';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import type { Db, Tx } from '../../db/client.ts';
import { order } from '../../db/schema/order.ts';
import { paymentEvent } from '../../db/schema/payment.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import { findOrderRow, orderToJson, withLines, type OrderRow } from '../orders/order-row.ts';
import type {
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  ReportedRefund,
} from './payment-provider.ts';
import { isUuid } from '../../db/ids.ts';
import { recordOrderEvent } from '../orders/order-events.ts';
import { recordPaymentAttempt } from '../order-timeline/payment-attempts.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import type { Seller } from '../../config.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';

type Customer = Pick<Actor, 'id' | 'role'>;

/**
 * What happens with every payment that marks an order paid, in its transaction: the customer's
 * mail, and the invoice (issued with the seller's details as configured).
 */
export interface PaidSteps {
  notify: OrderNotify;
  seller: Seller;
}

const CURRENCY = 'usd';
/** Intents that can still be confirmed by the customer, so create-intent hands them out again. */
const OPEN_INTENT_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

function refuseUnpayable(row: OrderRow): void {
  if (row.status === 'cancelled') throw conflict(paymentMessages.cancelled);
  if (row.status !== 'pending_payment') throw conflict(paymentMessages.alreadyPaid);
}

/** Why an intent cannot pay for an order, or null when it can. */
function intentMismatch(row: OrderRow, intent: ProviderIntent): string | null {
  if (intent.orderId !== row.id) return paymentMessages.paymentNotForOrder;
  if (intent.amountCents !== row.totalCents || intent.currency.toLowerCase() !== CURRENCY) {
    return paymentMessages.paymentAmountMismatch;
  }
  if (intent.status !== 'succeeded') return paymentMessages.paymentNotCompleted;
  return null;
}

/**
 * The one way an order becomes paid: a single conditional UPDATE, so a confirmation and a
 * webhook racing each other (on any number of instances) mark it paid exactly once, and a late
 * event can never move a shipped or cancelled order. The receipt mail is written in the same
 * transaction, so it is queued exactly once; the outbox then delivers it at least once
 * (docs/architecture.md, "Mail"). Returns the row when this call paid it.
 */
async function markPaid(
  db: Db | Tx,
  orderId: string,
  intent: ProviderIntent,
  steps: PaidSteps,
): Promise<OrderRow | null> {
  const intentId = intent.id;
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(order)
      .set({
        status: 'paid',
        paidAt: sql`now()`,
        transactionId: intentId,
        paymentIntentId: intentId,
      })
      .where(and(eq(order.id, orderId), eq(order.status, 'pending_payment')))
      .returning();
    if (!paid) return null;
    await recordPaymentAttempt(tx, {
      orderId,
      provider: intent.provider,
      intentId,
      outcome: 'succeeded',
      amountCents: intent.amountCents,
      cardLast4: intent.cardLast4,
      actorId: null,
    });
    await recordOrderEvent(tx, { orderId, from: 'pending_payment', to: 'paid', actorId: null });
    const [full] = await withLines(tx, [paid]);
    if (!full) return null;
    const issued = await issueInvoice(
      tx,
      full,
      { provider: intent.provider, reference: intentId, paidAt: paid.paidAt ?? new Date() },
      steps.seller,
    );
    const withInvoice = { ...full, invoice: { ...issued, paidAt: issued.issuedAt } };
    await steps.notify(tx, { kind: 'order_paid' }, withInvoice);
    return withInvoice;
  });
}

/**
 * Applies an intent the provider reports as succeeded to its order, if it matches the order's
 * total. Used when the test provider confirms a card (Stripe would send a webhook then).
 */
export async function applySucceededIntent(
  db: Db,
  intent: ProviderIntent,
  steps: PaidSteps,
): Promise<'paid' | 'already_paid' | 'mismatch'> {
  const row = intent.orderId ? await findOrderRow(db, intent.orderId) : undefined;
  if (!row || intentMismatch(row, intent)) return 'mismatch';
  return (await markPaid(db, row.id, intent, steps)) ? 'paid' : 'already_paid';
}

/**
 * POST /api/create-payment-intent. The amount is the order's total from the database; the
 * idempotency key (order id and amount) makes a repeated call return the same intent, on
 * Stripe's side as well as ours.
 */
export async function createIntentForOrder(
  db: Db,
  customer: Customer,
  orderId: string,
  provider: PaymentProvider,
  steps: PaidSteps,
): Promise<CreatePaymentIntentResponse> {
  const row = await findOrderRow(db, orderId);
  if (!row) throw notFound(paymentMessages.orderNotFound);
  if (row.userId !== customer.id) throw forbidden(paymentMessages.notYourOrder);
  refuseUnpayable(row);

  const answer = (intent: ProviderIntent): CreatePaymentIntentResponse => ({
    clientSecret: intent.clientSecret,
    provider: provider.name,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  });

  if (row.paymentIntentId) {
    const stored = await provider.retrieveIntent(row.paymentIntentId);
    if (stored && stored.orderId === row.id && stored.amountCents === row.totalCents) {
      if (stored.status === 'succeeded') {
        // Paid, but the confirmation and webhook have not reached us yet: record it now.
        await applySucceededIntent(db, stored, steps);
        throw conflict(paymentMessages.alreadyPaid);
      }
      if (OPEN_INTENT_STATUSES.has(stored.status)) return answer(stored);
    }
  }

  const create = (idempotencyKey: string) =>
    provider.createIntent({
      orderId: row.id,
      amountCents: row.totalCents,
      currency: CURRENCY,
      idempotencyKey,
      description: `Voltforge order ${row.id}: ${orderToJson(row).order}`,
    });
  const key = `order-${row.id}-${row.totalCents}`;
  let intent = await create(key);
  // A cancel that settled the intent but then did not cancel the order (it was paid meanwhile,
  // or the server stopped) leaves a cancelled intent under the key: start a fresh one after it.
  if (intent.status === 'canceled') intent = await create(`${key}-after-${intent.id}`);
  if (intent.status === 'succeeded') {
    await applySucceededIntent(db, intent, steps);
    throw conflict(paymentMessages.alreadyPaid);
  }
  const made = intent;
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(order)
      .set({ paymentIntentId: made.id })
      .where(and(eq(order.id, row.id), eq(order.status, 'pending_payment')))
      .returning({ id: order.id });
    // The same intent handed out again (the idempotency key) is not a new attempt.
    if (updated && made.id !== row.paymentIntentId) {
      await recordPaymentAttempt(tx, {
        orderId: row.id,
        provider: made.provider,
        intentId: made.id,
        outcome: 'started',
        amountCents: made.amountCents,
        actorId: customer.id,
      });
    }
    return updated;
  });
  if (stored) return answer(intent);

  // The order was cancelled (or paid) while the intent was being made: it must not be payable.
  const now = await findOrderRow(db, row.id);
  if (!now || now.status === 'cancelled') {
    await provider.cancelIntent(intent.id);
    throw conflict(paymentMessages.cancelled);
  }
  throw conflict(paymentMessages.alreadyPaid);
}

/**
 * Run by the orders module before it cancels an order that has a payment intent, outside any
 * transaction (it calls the provider). A payment that already went through is recorded, so the
 * cancel then sees a paid order; otherwise the intent is cancelled at the provider, so it can
 * never be confirmed once the order is cancelled.
 */
export async function settleIntentBeforeCancel(
  db: Db,
  row: OrderRow,
  provider: PaymentProvider,
  steps: PaidSteps,
): Promise<void> {
  if (!row.paymentIntentId || row.status !== 'pending_payment') return;
  const intent = await provider.cancelIntent(row.paymentIntentId);
  if (intent?.status === 'succeeded') await applySucceededIntent(db, intent, steps);
  else if (intent?.status === 'canceled') {
    await recordPaymentAttempt(db, {
      orderId: row.id,
      provider: intent.provider,
      intentId: intent.id,
      outcome: 'closed',
      amountCents: intent.amountCents,
      actorId: null,
    });
  }
}

/**
 * PATCH /api/order/:id {transactionId}: the browser reports a confirmed payment, and we believe
 * only the provider: the intent must exist, have succeeded, be this order's and be for its total.
 * Repeating it with the same transaction id answers the paid order again.
 */
export async function confirmOrderPayment(
  db: Db,
  customer: Customer,
  { id: orderId, transactionId }: { id: string; transactionId: string },
  provider: PaymentProvider,
  steps: PaidSteps,
): Promise<Order> {
  const row = await findOrderRow(db, orderId);
  if (!row) throw notFound(paymentMessages.orderNotFound);
  if (row.userId !== customer.id && customer.role !== 'admin') {
    throw forbidden(paymentMessages.notYourOrder);
  }
  if (row.status !== 'pending_payment') {
    if (row.transactionId === transactionId && row.status !== 'cancelled') return orderToJson(row);
    refuseUnpayable(row);
  }

  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw badRequest(paymentMessages.unknownTransaction);
  const mismatch = intentMismatch(row, intent);
  if (mismatch === paymentMessages.paymentNotCompleted) throw conflict(mismatch);
  if (mismatch) throw badRequest(mismatch);

  const paid = await markPaid(db, row.id, intent, steps);
  if (paid) return orderToJson(paid);
  // Someone else (the webhook, another tab) got there first: fine if it was this payment.
  const current = await findOrderRow(db, row.id);
  if (current && current.status !== 'cancelled' && current.transactionId === intent.id) {
    return orderToJson(current);
  }
  if (current) refuseUnpayable(current);
  throw notFound(paymentMessages.orderNotFound);
}

/**
 * Records a refund the provider reports, once (the refunds module's; app.ts hands it over, as
 * refunds use the payment provider and so sit above this module).
 */
export type RecordReportedRefund = (
  reported: ReportedRefund,
) => Promise<'settled' | 'recorded' | 'ignored'>;

export type WebhookOutcome =
  | 'duplicate'
  | 'ignored'
  | 'paid'
  | 'already_paid'
  | 'paid_after_cancel'
  | 'payment_failed_recorded'
  | 'refund_recorded'
  | 'mismatch';

/**
 * A verified provider event. Recorded once by event id (replays and Stripe's retries are
 * no-ops); `payment_intent.succeeded` marks the order paid after asking the provider for the
 * intent as it is now, so events arriving out of order cannot un-pay or double-pay an order.
 */
export async function handleWebhookEvent(
  db: Db,
  event: ProviderEvent,
  provider: PaymentProvider,
  steps: PaidSteps,
  recordRefund: RecordReportedRefund,
): Promise<{ outcome: WebhookOutcome; orderId: string | null }> {
  const [seen] = await db
    .select({ id: paymentEvent.id })
    .from(paymentEvent)
    .where(eq(paymentEvent.eventId, event.id));
  if (seen) return { outcome: 'duplicate', orderId: null };

  if (event.refund) {
    // Recorded by the provider's refund id, so a replay or a concurrent report changes nothing;
    // the event is marked seen after, so a failure here is retried by the provider.
    const recorded = await recordRefund(event.refund);
    await db
      .insert(paymentEvent)
      .values({ provider: provider.name, eventId: event.id, type: event.type, orderId: null })
      .onConflictDoNothing({ target: paymentEvent.eventId });
    return { outcome: recorded === 'ignored' ? 'ignored' : 'refund_recorded', orderId: null };
  }

  const relevant =
    event.intentId !== null &&
    (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed');
  // The network call happens before the transaction: nothing may wait on it inside one.
  const intent = relevant && event.intentId ? await provider.retrieveIntent(event.intentId) : null;
  const orderId = intent?.orderId && isUuid(intent.orderId) ? intent.orderId : null;

  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [recorded] = await tx
      .insert(paymentEvent)
      .values({ provider: provider.name, eventId: event.id, type: event.type, orderId })
      .onConflictDoNothing({ target: paymentEvent.eventId })
      .returning({ id: paymentEvent.id });
    if (!recorded) return 'duplicate';
    if (!intent || !orderId) return 'ignored';
    const row = await findOrderRow(tx, orderId);
    if (!row) return 'ignored';
    // The intent as it is now decides, whichever event arrived: a failure reported after the
    // retry succeeded still leaves the order paid.
    if (intent.status !== 'succeeded' && event.type === 'payment_intent.payment_failed') {
      await recordPaymentAttempt(tx, {
        orderId,
        provider: intent.provider,
        intentId: intent.id,
        outcome: 'declined',
        amountCents: intent.amountCents,
        reason: intent.lastPaymentError,
        cardLast4: intent.cardLast4,
        actorId: null,
      });
      return 'payment_failed_recorded';
    }
    if (intentMismatch(row, intent)) return 'mismatch';
    // The customer was charged for an order that is cancelled (its stock already returned):
    // it stays cancelled, and the caller flags the payment for a refund.
    if (row.status === 'cancelled') {
      await recordPaymentAttempt(tx, {
        orderId,
        provider: intent.provider,
        intentId: intent.id,
        outcome: 'succeeded',
        amountCents: intent.amountCents,
        reason: 'The order was already cancelled: refund this payment.',
        cardLast4: intent.cardLast4,
        actorId: null,
      });
      return 'paid_after_cancel';
    }
    return (await markPaid(tx, row.id, intent, steps)) ? 'paid' : 'already_paid';
  });
  return { outcome, orderId };
}
