import type { Db, Tx } from '../db/client.ts';
import type { StaffOrderEvent } from '../db/schema/mail.ts';
import type { OrderRow } from '../db/schema/order.ts';
import { enqueueMail, type OutgoingMail, type RenderedMail } from './outbox.ts';
import { recordStaffOrderNotice } from './staff-order-notices.ts';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderPaidMail,
  orderPlacedMail,
  orderRefundedMail,
  orderShipmentMail,
  orderShippedMail,
  backorderDateMovedMail,
  shipmentCancelledMail,
  type CancelledBy,
  type ShipmentMailData,
} from './templates/order-mails.ts';

/** What the order mails need from the configuration. */
export interface OrderMailSettings {
  publicUrl: string;
  /** ORDER_HOLD_HOURS, for "how long it is held unpaid". */
  holdHours: number;
  /**
   * ORDER_NOTIFY_EMAILS is set: an order placed or paid also leaves staff a notice, written with
   * the customer's mail and mailed to them in a batch (staff-order-notices.ts). Off unless set.
   */
  tellStaff?: boolean;
}

export type OrderEvent =
  | { kind: 'order_placed' }
  | { kind: 'order_paid' }
  | { kind: 'order_shipped' }
  | { kind: 'order_delivered' }
  | { kind: 'order_shipment'; shipment: ShipmentMailData }
  | { kind: 'shipment_cancelled'; shipment: { number: number } }
  | {
      kind: 'backorder_date_moved';
      moved: ReadonlyArray<{ lineNo: number; was: string | null; promised: string }>;
    }
  | { kind: 'order_cancelled'; by: CancelledBy; wasPaid: boolean }
  | {
      kind: 'order_refunded';
      refundId: string;
      amountCents: number;
      reason: string;
      creditNote: string;
    };

function render(settings: OrderMailSettings, event: OrderEvent, row: OrderRow): RenderedMail {
  const base = { publicUrl: settings.publicUrl, order: row };
  switch (event.kind) {
    case 'order_placed':
      return orderPlacedMail({ ...base, holdHours: settings.holdHours });
    case 'order_paid':
      return orderPaidMail(base);
    case 'order_shipped':
      return orderShippedMail(base);
    case 'order_delivered':
      return orderDeliveredMail(base);
    case 'order_shipment':
      return orderShipmentMail({ ...base, shipment: event.shipment });
    case 'shipment_cancelled':
      return shipmentCancelledMail({ ...base, shipment: event.shipment });
    case 'backorder_date_moved':
      return backorderDateMovedMail({ ...base, moved: event.moved });
    case 'order_cancelled':
      return orderCancelledMail({ ...base, by: event.by, wasPaid: event.wasPaid });
    case 'order_refunded':
      return orderRefundedMail({ ...base, refund: event });
  }
}

/** The receipt carries the invoice issued with the payment; a refund's mail its credit note. */
function attachmentOf(event: OrderEvent, row: OrderRow): Pick<OutgoingMail, 'attachment'> {
  if (event.kind === 'order_paid' && row.invoice) {
    return {
      attachment: { kind: 'invoice', id: row.id, filename: `${row.invoice.number}.pdf` },
    };
  }
  if (event.kind === 'order_refunded') {
    return {
      attachment: { kind: 'credit_note', id: event.refundId, filename: `${event.creditNote}.pdf` },
    };
  }
  return {};
}

/**
 * Queues the customer's mail about an order change. Call it with the transaction that makes the
 * change, passing the order as that transaction left it.
 */
export function orderMail(
  settings: OrderMailSettings,
  event: OrderEvent,
  row: OrderRow,
): OutgoingMail {
  return {
    to: row.email,
    kind: event.kind,
    orderId: row.id,
    userId: row.userId ?? undefined,
    ...attachmentOf(event, row),
    ...render(settings, event, row),
  };
}

/**
 * What staff are told of an event, when they are told of orders: a new order and a paid one.
 * Every path that places or pays an order queues the customer's mail through here (or, placing,
 * `orderMailRenderer`), so each of them tells staff without doing anything of its own.
 */
function staffNoticeOf(settings: OrderMailSettings, event: OrderEvent): StaffOrderEvent | null {
  if (!settings.tellStaff) return null;
  if (event.kind === 'order_placed') return 'placed';
  if (event.kind === 'order_paid') return 'paid';
  return null;
}

/** Queues the customer's mail, and staff's notice of the event when they are told of it. */
export async function queueOrderMail(
  tx: Db | Tx,
  settings: OrderMailSettings,
  event: OrderEvent,
  row: OrderRow,
): Promise<void> {
  await enqueueMail(tx, orderMail(settings, event, row));
  const notice = staffNoticeOf(settings, event);
  if (notice) await recordStaffOrderNotice(tx, row.id, notice);
}

/**
 * The order modules' "tell the customer" step, handed to them by app.ts: call it with the
 * transaction that makes the change and the order row as that transaction left it.
 */
export type OrderNotify = (tx: Db | Tx, event: OrderEvent, row: OrderRow) => Promise<void>;

export function orderNotifier(settings: OrderMailSettings): OrderNotify {
  return (tx, event, row) => queueOrderMail(tx, settings, event, row);
}

/**
 * Renders the customer's mail about an order without queuing it, with the notice staff are to be
 * given of it (null: none): order placement writes both itself, in its one statement.
 */
export type RenderOrderMail = (
  event: OrderEvent,
  row: OrderRow,
) => OutgoingMail & { staffNotice: StaffOrderEvent | null };

export function orderMailRenderer(settings: OrderMailSettings): RenderOrderMail {
  return (event, row) => ({
    ...orderMail(settings, event, row),
    staffNotice: staffNoticeOf(settings, event),
  });
}
