import { and, eq, or, sql } from 'drizzle-orm';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { documentNumber, type CreditNoteSnapshot } from '@voltforge/contract/invoice-rules';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import type { RefundRequest } from '@voltforge/contract/refund';
import {
  refundFigures,
  refundMessages,
  type RefundedSoFar,
} from '@voltforge/contract/refund-rules';
import { centsToDollars } from '@voltforge/contract/money';
import type { Actor } from '../../auth/guards.ts';
import type { Seller } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  creditNote,
  invoice,
  order,
  refund,
  type OrderRow,
  type RefundRow,
} from '../../db/schema/order.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import { isUuid } from '../../db/ids.ts';
import { hasSqlState } from '../../db/sql-state.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import { returnToStock } from '../../stock/stock-returns.ts';
import { findOrderRow, withLines } from '../orders/order-row.ts';
import { shippedWhenNothingAhead } from '../orders/shipments.service.ts';
import { nextDocumentNumber } from '../invoices/numbering.ts';
import { invoiceBuyerOf } from '../invoices/invoices.service.ts';
import { creditNoteLines } from './credit-note-lines.ts';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderRefund,
  type ReportedRefund,
} from '../payments/payment-provider.ts';

/*
 * Refunds and credit notes (docs/payments.md, "Refunds and credit notes"). A refund is written
 * `pending` under the order's row lock, after checking that it fits in what is left of the
 * capture counting every pending and succeeded refund; then the provider is asked, outside any
 * transaction, with the refund's id as idempotency key; only its confirmation settles the
 * refund, in one transaction with the credit note, the restock and the customer's mail.
 */

/** What a settled refund does beside recording itself. */
export interface RefundSteps {
  notify: OrderNotify;
  seller: Seller;
}

/** A paid order can be refunded: paid at some time, with the payment it was paid by. */
function refundable(row: typeof order.$inferSelect): boolean {
  return row.paidAt !== null && row.transactionId !== null;
}

/** What the order's pending and succeeded refunds took. */
function soFar(refunds: readonly RefundRow[]): RefundedSoFar {
  const quantities = new Map<number, number>();
  let shipping = false;
  let totalCents = 0;
  for (const r of refunds) {
    if (r.status === 'failed') continue;
    for (const l of r.lines) quantities.set(l.lineNo, (quantities.get(l.lineNo) ?? 0) + l.quantity);
    shipping ||= r.shipping;
    totalCents += r.amountCents;
  }
  return { quantities, shipping, totalCents };
}

/**
 * Writes a pending refund if it fits, under the order's row lock, so that two admins (on any
 * number of instances) refunding the same order at once are serialised: the second sees the
 * first's pending refund, and the sum of refunds never exceeds what was captured.
 */
async function reserveRefund(
  db: Db,
  orderId: string,
  request: Pick<RefundRequest, 'lines' | 'shipping' | 'whole' | 'amount' | 'restock' | 'reason'>,
  actorId: string | null,
  provider: string,
  providerRefundId: string | null = null,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for('update');
    if (!row) throw notFound(refundMessages.refundNotFound);
    if (!refundable(row)) throw conflict(refundMessages.notPaid);
    const [full] = await withLines(tx, [row]);
    const earlier = await tx.select().from(refund).where(eq(refund.orderId, orderId));
    const figures = refundFigures(full!, soFar(earlier), request);
    if ('problem' in figures) throw conflict(figures.problem);
    const [made] = await tx
      .insert(refund)
      .values({
        orderId,
        lines: figures.lines,
        shipping: figures.shippingCents > 0 || request.shipping,
        goodsCents: figures.goodsCents,
        shippingCents: figures.shippingCents,
        taxCents: figures.taxCents,
        amountCents: figures.totalCents,
        // A cancelled order's stock came back with the cancel: a refund never returns it twice.
        restock: request.restock && figures.lines.length > 0 && row.status !== 'cancelled',
        reason: request.reason,
        actorId,
        provider,
        providerRefundId,
      })
      .returning();
    return made!;
  });
}

/**
 * The credit note's snapshot: the order's parties and what this refund returned, in lines that add
 * up to its goods (creditNoteLines).
 */
async function creditNoteSnapshot(
  tx: Tx,
  row: OrderRow,
  made: RefundRow,
  number: string,
  issuedAt: Date,
  seller: Seller,
): Promise<CreditNoteSnapshot> {
  const [issued] = await tx
    .select({ number: invoice.number, snapshot: invoice.snapshot })
    .from(invoice)
    .where(eq(invoice.orderId, row.id));
  return {
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: row.id,
    orderNumber: formatOrderNumber(row.number),
    invoiceNumber: issued?.number ?? null,
    // The parties as the invoice named them: a credit note corrects that invoice.
    seller: issued?.snapshot.seller ?? {
      name: seller.name,
      addressLines: seller.addressLines,
      taxId: seller.taxId,
    },
    buyer: issued?.snapshot.buyer ?? invoiceBuyerOf(row),
    lines: await creditNoteLines(tx, row, made),
    poNumber: row.poNumber,
    goodsCents: made.goodsCents,
    shippingCents: made.shippingCents,
    taxCents: made.taxCents,
    taxRateBp: row.taxRateBp,
    totalCents: made.amountCents,
    currency: 'USD',
    reason: made.reason,
    refund: {
      provider: made.provider,
      reference: made.providerRefundId,
      refundedAt: issuedAt.toISOString(),
    },
  };
}

/**
 * Records a refund the provider confirmed, once: the refund succeeds, its credit note is issued
 * with the next number of the year, the refunded pieces go back in stock when asked (a stock
 * movement per line), and the customer is mailed the credit note. False when it was settled
 * already (a webhook and the admin's request both reporting it).
 */
export async function settleRefund(
  db: Db,
  refundId: string,
  providerRefundId: string,
  steps: RefundSteps,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .update(refund)
      .set({ status: 'succeeded', providerRefundId, error: null, settledAt: sql`now()` })
      .where(and(eq(refund.id, refundId), eq(refund.status, 'pending')))
      .returning();
    if (!made || !made.settledAt) return false;
    const row = await findOrderRow(tx, made.orderId);
    if (!row) throw new Error(`the order of refund ${made.id} is gone`);
    const issuedAt = made.settledAt;
    const year = issuedAt.getUTCFullYear();
    const seq = await nextDocumentNumber(tx, 'credit_note', year);
    const number = documentNumber('CN', year, seq);
    const snapshot = await creditNoteSnapshot(tx, row, made, number, issuedAt, steps.seller);
    await tx.insert(creditNote).values({
      number,
      year,
      seq,
      refundId: made.id,
      orderId: made.orderId,
      issuedAt,
      totalCents: made.amountCents,
      snapshot,
    });
    if (made.restock) {
      await restock(tx, row, made);
      await shippedWhenNothingAhead(tx, row.id, made.actorId);
    }
    await steps.notify(
      tx,
      {
        kind: 'order_refunded',
        refundId: made.id,
        amountCents: made.amountCents,
        reason: made.reason,
        creditNote: number,
      },
      row,
    );
    return true;
  });
}

/**
 * The refunded pieces back in stock, a movement per line; none that a cancel of the order has
 * returned already (`returnToStock`).
 */
async function restock(tx: Tx, row: OrderRow, made: RefundRow): Promise<void> {
  const byLine = new Map(row.lines.map((l) => [l.lineNo, l]));
  await returnToStock(
    tx,
    row.id,
    'refund',
    made.actorId,
    made.lines.flatMap((l) => {
      const line = byLine.get(l.lineNo);
      return line ? [{ lineNo: line.lineNo, toolId: line.toolId, quantity: l.quantity }] : [];
    }),
  );
}

/**
 * Asks the provider to refund a pending refund (again: the idempotency key makes that safe) and
 * records its answer. Confirmed: settled. Refused: failed with the provider's words, nothing
 * refunded. No answer: still pending (the money may have moved), told to retry.
 */
async function sendRefund(
  db: Db,
  made: RefundRow,
  intentId: string,
  provider: PaymentProvider,
  steps: RefundSteps,
): Promise<RefundRow> {
  let answer: ProviderRefund;
  try {
    answer = await provider.refund({
      intentId,
      amountCents: made.amountCents,
      idempotencyKey: `refund-${made.id}`,
      orderId: made.orderId,
      refundId: made.id,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    await db
      .update(refund)
      .set({ error: refundMessages.providerNoAnswer })
      .where(and(eq(refund.id, made.id), eq(refund.status, 'pending')));
    throw new HttpError(502, 'internal', refundMessages.providerNoAnswer);
  }
  if (answer.status === 'failed') {
    await db
      .update(refund)
      .set({ status: 'failed', error: answer.message, providerRefundId: answer.id })
      .where(and(eq(refund.id, made.id), eq(refund.status, 'pending')));
    throw new HttpError(402, 'payment_failed', refundMessages.refundFailed(answer.message));
  }
  if (answer.status === 'succeeded') await settleRefund(db, made.id, answer.id, steps);
  else {
    // Under way at the provider: its webhook settles it.
    await db
      .update(refund)
      .set({ providerRefundId: answer.id, error: null })
      .where(and(eq(refund.id, made.id), eq(refund.status, 'pending')));
  }
  const [now] = await db.select().from(refund).where(eq(refund.id, made.id));
  return now!;
}

/** POST /api/order/:id/refunds (admin): refund lines, shipping or an amount of a paid order. */
export async function refundOrder(
  db: Db,
  actor: Pick<Actor, 'id'> | null,
  orderId: string,
  request: Pick<RefundRequest, 'lines' | 'shipping' | 'whole' | 'amount' | 'restock' | 'reason'>,
  provider: PaymentProvider,
  steps: RefundSteps,
): Promise<RefundRow> {
  const row = await findOrderRow(db, orderId);
  if (!row) throw notFound(refundMessages.refundNotFound);
  if (row.paymentMethod === 'account') throw conflict(creditMessages.cannotRefundOnAccount);
  if (!row.transactionId) throw conflict(refundMessages.notPaid);
  const made = await reserveRefund(db, row.id, request, actor?.id ?? null, provider.name);
  return sendRefund(db, made, row.transactionId, provider, steps);
}

/**
 * A paid order an admin cancelled is refunded in full through the one path above: the cancel has
 * returned its stock already.
 */
export function refundCancelledOrder(
  db: Db,
  actor: Pick<Actor, 'id'>,
  orderId: string,
  provider: PaymentProvider,
  steps: RefundSteps,
): Promise<RefundRow> {
  return refundOrder(
    db,
    actor,
    orderId,
    {
      lines: [],
      shipping: false,
      whole: true,
      restock: false,
      reason: refundMessages.cancelledByShop,
    },
    provider,
    steps,
  );
}

/** POST /api/order/:id/refunds/:refundId/retry (admin): ask the provider again for a pending one. */
export async function retryRefund(
  db: Db,
  orderId: string,
  refundId: string,
  provider: PaymentProvider,
  steps: RefundSteps,
): Promise<RefundRow> {
  const row = await findOrderRow(db, orderId);
  const [made] = row
    ? await db
        .select()
        .from(refund)
        .where(and(eq(refund.id, refundId), eq(refund.orderId, row.id)))
    : [];
  if (!row || !made) throw notFound(refundMessages.refundNotFound);
  if (made.status !== 'pending') throw conflict(refundMessages.notPending);
  return sendRefund(db, made, row.transactionId ?? '', provider, steps);
}

/**
 * A refund the provider reports by webhook. One the shop asked for is settled (once, whichever of
 * the provider's answer and its webhooks comes first, or when the answer never comes): it is
 * found by the refund id the shop sent as metadata, or by the provider's refund id once the
 * answer recorded it. One made elsewhere (Stripe's dashboard) is recorded as an amount refund of
 * the order it belongs to, with its credit note, exactly once (the provider's refund id is
 * unique). So a refund at the provider is one refund at the shop, in every order of events.
 */
export async function recordProviderRefund(
  db: Db,
  reported: ReportedRefund,
  steps: RefundSteps,
): Promise<'settled' | 'recorded' | 'ignored'> {
  if (reported.status !== 'succeeded') return 'ignored';
  const [paid] = await db
    .select({ id: order.id })
    .from(order)
    .where(eq(order.transactionId, reported.intentId));
  const shopRefundId =
    paid && reported.shopRefundId && isUuid(reported.shopRefundId) ? reported.shopRefundId : null;
  const [ours] = await db
    .select()
    .from(refund)
    .where(
      shopRefundId
        ? or(
            eq(refund.providerRefundId, reported.id),
            and(eq(refund.id, shopRefundId), eq(refund.orderId, paid!.id)),
          )
        : eq(refund.providerRefundId, reported.id),
    );
  if (ours) {
    return (await settleRefund(db, ours.id, reported.id, steps)) ? 'settled' : 'ignored';
  }
  if (!paid) return 'ignored';
  let made: RefundRow;
  try {
    made = await reserveRefund(
      db,
      paid.id,
      {
        lines: [],
        shipping: false,
        whole: false,
        amount: centsToDollars(reported.amountCents),
        restock: false,
        reason: 'Refunded at the payment provider.',
      },
      null,
      'stripe',
      // Unique: a second report of the same refund, at the same moment, cannot record it twice.
      reported.id,
    );
  } catch (error) {
    // More than is left (the capture is used up), or recorded already by a concurrent report.
    if (error instanceof HttpError && error.statusCode === 409) return 'ignored';
    if (hasSqlState(error, (state) => state === '23505')) return 'ignored';
    throw error;
  }
  return (await settleRefund(db, made.id, reported.id, steps)) ? 'recorded' : 'ignored';
}
