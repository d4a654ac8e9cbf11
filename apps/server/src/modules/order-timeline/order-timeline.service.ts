import { asc, eq, sql } from 'drizzle-orm';
import {
  orderMessages,
  orderStatusLabels,
  type OrderStatus,
} from '@voltforge/contract/order-rules';
import {
  orderCancelReasonLabels,
  type OrderTimeline,
  type PaymentAttemptOutcome,
  type TimelineActor,
  type TimelineEvent,
} from '@voltforge/contract/order-timeline';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { orderEvent } from '../../db/schema/order-event.ts';
import { paymentAttempt, paymentEvent, testPaymentIntent } from '../../db/schema/payment.ts';
import { formatCents } from '@voltforge/contract/money';
import { formatCount } from '@voltforge/contract/format-number';
import { stockMovement } from '../../db/schema/tool.ts';
import { creditNote, invoice, refund, shipment } from '../../db/schema/order.ts';
import { invoicePayment } from '../../db/schema/credit.ts';
import { notFound } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import { findOrderRow } from '../orders/order-row.ts';

const PROVIDER: TimelineActor = { kind: 'provider', name: null };
const SHOP: TimelineActor = { kind: 'system', name: null };

/** Events at the same instant keep the order in which they happen in the shop's flow. */
const RANK: Record<TimelineEvent['kind'], number> = {
  placed: 0,
  stock: 1,
  // A webhook comes before what it told us (both are written in one transaction, at one time).
  provider_event: 2,
  payment_attempt: 3,
  // A shipment, sent or cancelled, comes before the status it moves the order to (one transaction).
  shipment: 3.5,
  status: 4,
  // An invoice is issued with the payment, after it; a refund comes after what it refunds.
  document: 5,
  payment_received: 6,
  cancelled: 7,
  refund: 8,
};

function person(role: string | null, name: string | null, forCustomer: boolean): TimelineActor {
  if (role === 'admin') return { kind: 'admin', name: forCustomer ? null : name };
  return { kind: 'customer', name };
}

const statusTitle = (status: OrderStatus) => `Marked ${orderStatusLabels[status].toLowerCase()}`;

const formatDelta = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

const money = (cents: number | null) => (cents === null ? '' : `$${(cents / 100).toFixed(2)}`);
const cardEnding = (last4: string | null) => (last4 ? ` (card ending ${last4})` : '');

/** Stripe's event names, as a person reads them. */
const providerEventLabels: Record<string, string> = {
  'payment_intent.succeeded': 'payment succeeded',
  'payment_intent.payment_failed': 'payment failed',
};

interface AttemptRow {
  at: Date;
  outcome: PaymentAttemptOutcome;
  intentId: string;
  amountCents: number | null;
  reason: string | null;
  cardLast4: string | null;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
}

/** One recorded fact about the order's payment. */
function attemptEvent(a: AttemptRow, customerName: string, forCustomer: boolean): TimelineEvent {
  const at = a.at.toISOString();
  const who = (fallback: TimelineActor) =>
    a.actorId === null ? fallback : person(a.actorRole, a.actorName, forCustomer);
  switch (a.outcome) {
    case 'started':
      return {
        at,
        kind: 'payment_attempt',
        title: 'Payment started',
        detail: `Card payment of ${money(a.amountCents)}`,
        actor: who({ kind: 'customer', name: customerName }),
      };
    case 'declined':
      return {
        at,
        kind: 'payment_attempt',
        title: 'Payment declined',
        detail: `${a.reason ?? 'The card provider declined the card.'}${cardEnding(a.cardLast4)}`,
        actor: who(PROVIDER),
      };
    case 'succeeded':
      return {
        at,
        kind: 'payment_attempt',
        title: 'Payment succeeded',
        detail: [
          `${money(a.amountCents)} approved by the card provider${cardEnding(a.cardLast4)}.`,
          `Transaction ${a.intentId}.`,
          a.reason,
        ]
          .filter(Boolean)
          .join(' '),
        actor: PROVIDER,
      };
    case 'closed':
      return {
        at,
        kind: 'payment_attempt',
        title: 'Payment closed',
        detail: 'Cancelled with the order, so it can no longer go through.',
        actor: SHOP,
      };
  }
}

type IntentRow = typeof testPaymentIntent.$inferSelect;

/** An older order's payment, from the one state its test-provider intent kept. */
function intentEvents(intent: IntentRow, customerName: string): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  events.push({
    at: intent.createdAt.toISOString(),
    kind: 'payment_attempt',
    title: 'Payment started',
    detail: `Card payment of $${(intent.amountCents / 100).toFixed(2)}`,
    actor: { kind: 'customer', name: customerName },
  });
  const last4 = intent.cardLast4 ? ` (card ending ${intent.cardLast4})` : '';
  if (intent.status === 'succeeded') {
    events.push({
      at: intent.updatedAt.toISOString(),
      kind: 'payment_attempt',
      title: 'Payment succeeded',
      detail: `Approved by the card provider${last4}`,
      actor: PROVIDER,
    });
  } else if (intent.status === 'canceled') {
    // The intent keeps only its latest state: a decline before the cancel is told here.
    const declined = intent.lastPaymentError
      ? ` The last attempt was declined: ${intent.lastPaymentError}${last4}`
      : '';
    events.push({
      at: intent.updatedAt.toISOString(),
      kind: 'payment_attempt',
      title: 'Payment closed',
      detail: `Cancelled with the order, so it can no longer go through.${declined}`,
      actor: SHOP,
    });
  } else if (intent.lastPaymentError) {
    events.push({
      at: intent.updatedAt.toISOString(),
      kind: 'payment_attempt',
      title: 'Payment declined',
      detail: `${intent.lastPaymentError}${last4}`,
      actor: PROVIDER,
    });
  }
  return events;
}

/**
 * What happened to one order, oldest first: placed, payment attempts and the provider's events,
 * status changes with who made them, the cancellation and why, and the stock it took or gave
 * back. Admins see all of it; the customer who placed it sees what concerns them (no webhooks, no
 * stock ledger, no staff names). Anyone else gets the same 404 as for a missing order.
 */
export async function orderTimeline(db: Db, viewer: Actor, id: string): Promise<OrderTimeline> {
  const row = await findOrderRow(db, id);
  const isAdmin = viewer.role === 'admin';
  if (!row || (!isAdmin && row.userId !== viewer.id)) throw notFound(orderMessages.orderNotFound);
  const forCustomer = !isAdmin;

  const [changes, attempts, intents, providerEvents, movements, refunds, received, shipped] =
    await Promise.all([
      db
        .select({
          at: orderEvent.createdAt,
          from: orderEvent.fromStatus,
          to: orderEvent.toStatus,
          reason: orderEvent.cancelReason,
          actorId: orderEvent.actorId,
          actorName: user.name,
          actorRole: user.role,
        })
        .from(orderEvent)
        .leftJoin(user, eq(user.id, orderEvent.actorId))
        .where(eq(orderEvent.orderId, id))
        .orderBy(asc(orderEvent.createdAt)),
      db
        .select({
          at: paymentAttempt.createdAt,
          outcome: paymentAttempt.outcome,
          intentId: paymentAttempt.intentId,
          amountCents: paymentAttempt.amountCents,
          reason: paymentAttempt.reason,
          cardLast4: paymentAttempt.cardLast4,
          actorId: paymentAttempt.actorId,
          actorName: user.name,
          actorRole: user.role,
        })
        .from(paymentAttempt)
        .leftJoin(user, eq(user.id, paymentAttempt.actorId))
        .where(eq(paymentAttempt.orderId, id))
        .orderBy(asc(paymentAttempt.createdAt)),
      db
        .select()
        .from(testPaymentIntent)
        .where(eq(testPaymentIntent.orderId, id))
        .orderBy(asc(testPaymentIntent.createdAt)),
      isAdmin
        ? db
            .select()
            .from(paymentEvent)
            .where(eq(paymentEvent.orderId, id))
            .orderBy(asc(paymentEvent.receivedAt))
        : Promise.resolve([]),
      isAdmin
        ? db
            .select({
              at: stockMovement.createdAt,
              delta: stockMovement.delta,
              reason: stockMovement.reason,
              actorName: user.name,
              actorRole: user.role,
              actorId: stockMovement.actorId,
              toolId: stockMovement.toolId,
            })
            .from(stockMovement)
            .leftJoin(user, eq(user.id, stockMovement.actorId))
            .where(eq(stockMovement.orderId, id))
            .orderBy(asc(stockMovement.createdAt))
        : Promise.resolve([]),
      db
        .select({
          refund,
          actorName: user.name,
          actorRole: user.role,
          creditNote: creditNote.number,
        })
        .from(refund)
        .leftJoin(user, eq(user.id, refund.actorId))
        .leftJoin(creditNote, eq(creditNote.refundId, refund.id))
        .where(eq(refund.orderId, id))
        .orderBy(asc(refund.createdAt)),
      // On account: the payments staff recorded against the invoice.
      db
        .select({
          payment: invoicePayment,
          actorName: user.name,
          actorRole: user.role,
        })
        .from(invoicePayment)
        .innerJoin(invoice, eq(invoice.id, invoicePayment.invoiceId))
        .leftJoin(user, eq(user.id, invoicePayment.recordedBy))
        .where(eq(invoice.orderId, id))
        .orderBy(asc(invoicePayment.createdAt)),
      // Who sent and who cancelled each shipment (staff: named to admins only).
      db
        .select({
          number: shipment.number,
          sentBy: sql<
            string | null
          >`(select u.name from ${user} u where u.id = "shipment"."created_by")`,
          cancelledBy: sql<
            string | null
          >`(select u.name from ${user} u where u.id = "shipment"."cancelled_by")`,
        })
        .from(shipment)
        .where(eq(shipment.orderId, id)),
    ]);

  const events: TimelineEvent[] = [
    {
      at: row.createdAt.toISOString(),
      kind: 'placed',
      title: 'Order placed',
      detail: row.lines.map((l) => `${l.quantity} × ${l.toolName}`).join(', '),
      actor: { kind: 'customer', name: row.customerName },
    },
  ];

  if (attempts.length > 0) {
    for (const attempt of attempts)
      events.push(attemptEvent(attempt, row.customerName, forCustomer));
  } else {
    // Orders paid before payment attempts were recorded: what the test provider's intents kept.
    for (const intent of intents) events.push(...intentEvents(intent, row.customerName));
  }

  for (const event of providerEvents) {
    events.push({
      at: event.receivedAt.toISOString(),
      kind: 'provider_event',
      title: `Card provider: ${providerEventLabels[event.type] ?? event.type}`,
      detail: `${event.provider} webhook event ${event.eventId} (${event.type})`,
      actor: PROVIDER,
    });
  }

  const recorded = new Set<OrderStatus>();
  for (const change of changes) {
    recorded.add(change.to);
    const actor =
      change.actorId === null
        ? change.to === 'paid'
          ? PROVIDER
          : SHOP
        : person(change.actorRole, change.actorName, forCustomer);
    if (change.to === 'cancelled') {
      events.push({
        at: change.at.toISOString(),
        kind: 'cancelled',
        title: 'Cancelled',
        detail: change.reason ? orderCancelReasonLabels[change.reason] : null,
        actor,
      });
    } else {
      const shipment =
        change.to === 'shipped' && (row.carrier || row.trackingNumber)
          ? [row.carrier, row.trackingNumber && `tracking ${row.trackingNumber}`]
              .filter(Boolean)
              .join(', ')
          : null;
      events.push({
        at: change.at.toISOString(),
        kind: 'status',
        title: statusTitle(change.to),
        detail:
          [change.from ? `From ${orderStatusLabels[change.from].toLowerCase()}` : null, shipment]
            .filter(Boolean)
            .join('; ') || null,
        actor,
      });
    }
  }

  // Orders from before status changes were recorded still show them, from the order's own
  // timestamps, without who made them.
  const stamped: [OrderStatus, Date | null][] = [
    ['paid', row.paidAt],
    ['shipped', row.shippedAt],
    ['delivered', row.deliveredAt],
    ['cancelled', row.cancelledAt],
  ];
  for (const [status, at] of stamped) {
    if (!at || recorded.has(status)) continue;
    events.push({
      at: at.toISOString(),
      kind: status === 'cancelled' ? 'cancelled' : 'status',
      title: status === 'cancelled' ? 'Cancelled' : statusTitle(status),
      detail: null,
      actor: status === 'paid' ? PROVIDER : SHOP,
    });
  }

  // Each shipment as staff sent it, and its cancellation: what it carried, how to track it.
  const byLine = new Map(row.lines.map((l) => [l.lineNo, l.partNumber]));
  const staffOf = new Map(shipped.map((s) => [s.number, s]));
  for (const s of row.shipments ?? []) {
    const by = staffOf.get(s.number);
    const carried = s.lines
      .map((l) => `${byLine.get(l.lineNo) ?? `line ${l.lineNo}`} × ${formatCount(l.quantity)}`)
      .join(', ');
    const tracking = [s.carrier, s.trackingNumber && `tracking ${s.trackingNumber}`]
      .filter(Boolean)
      .join(', ');
    events.push({
      at: s.createdAt.toISOString(),
      kind: 'shipment',
      title: `Shipment ${s.number} sent`,
      detail: [carried, tracking].filter(Boolean).join('; '),
      actor: person('admin', by?.sentBy ?? null, forCustomer),
    });
    if (s.cancelledAt) {
      events.push({
        at: s.cancelledAt.toISOString(),
        kind: 'shipment',
        title: `Shipment ${s.number} cancelled`,
        detail: 'Before it left: its items are set aside to ship again.',
        actor: person('admin', by?.cancelledBy ?? null, forCustomer),
      });
    }
  }

  // An order of several lines moves several tools' stock: each movement names its part.
  const partOf = new Map(row.lines.map((l) => [l.toolId, l.partNumber]));
  for (const movement of movements) {
    const part = row.lines.length > 1 ? partOf.get(movement.toolId) : undefined;
    events.push({
      at: movement.at.toISOString(),
      kind: 'stock',
      title: movement.delta < 0 ? 'Stock reserved' : 'Stock returned',
      detail: `${part ? `${part}: ` : ''}${formatDelta(movement.delta)} in stock (${movement.reason})`,
      actor:
        movement.actorId === null ? SHOP : person(movement.actorRole, movement.actorName, false),
    });
  }

  if (row.invoice) {
    events.push({
      at: row.invoice.issuedAt.toISOString(),
      kind: 'document',
      title: `Invoice ${row.invoice.number} issued`,
      detail: row.invoice.dueAt
        ? `${formatCents(row.totalCents)} on account, due ${row.invoice.dueAt.toISOString().slice(0, 10)}`
        : `${formatCents(row.totalCents)} paid`,
      actor: SHOP,
    });
  }
  for (const r of received) {
    events.push({
      at: r.payment.createdAt.toISOString(),
      kind: 'payment_received',
      title: 'Payment received',
      detail:
        `${formatCents(r.payment.amountCents)} by bank transfer on ${r.payment.receivedOn}` +
        (r.payment.reference ? `, reference ${r.payment.reference}` : ''),
      actor: person(r.actorRole, r.actorName, forCustomer),
    });
  }

  // Who refunded what and why: an admin's refund, or one made at the provider (by webhook).
  const partByLine = new Map(row.lines.map((l) => [l.lineNo, l.partNumber]));
  for (const r of refunds) {
    const what = [
      ...r.refund.lines.map(
        (l) => `${l.quantity} × ${partByLine.get(l.lineNo) ?? `line ${l.lineNo}`}`,
      ),
      ...(r.refund.shipping ? ['shipping'] : []),
    ];
    const amount = formatCents(r.refund.amountCents);
    events.push({
      at: (r.refund.settledAt ?? r.refund.createdAt).toISOString(),
      kind: 'refund',
      title:
        r.refund.status === 'succeeded'
          ? `Refunded ${amount}`
          : r.refund.status === 'failed'
            ? `Refund of ${amount} failed`
            : `Refund of ${amount} pending`,
      detail: [
        what.length > 0 ? what.join(', ') : null,
        `Reason: ${r.refund.reason}`,
        r.refund.restock ? 'pieces back in stock' : null,
        r.creditNote ? `credit note ${r.creditNote}` : null,
        r.refund.error,
      ]
        .filter(Boolean)
        .join('; '),
      actor: r.refund.actorId === null ? PROVIDER : person(r.actorRole, r.actorName, forCustomer),
    });
  }

  events.sort((a, b) => a.at.localeCompare(b.at) || RANK[a.kind] - RANK[b.kind]);
  return { orderId: row.id, events };
}
