import type { Db, Tx } from '../db/client.ts';
import type { OrderRow } from '../db/schema/order.ts';
import { enqueueMail, type OutgoingMail, type RenderedMail } from './outbox.ts';
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

export async function queueOrderMail(
  tx: Db | Tx,
  settings: OrderMailSettings,
  event: OrderEvent,
  row: OrderRow,
): Promise<void> {
  await enqueueMail(tx, orderMail(settings, event, row));
}

/**
 * The order modules' "tell the customer" step, handed to them by app.ts: call it with the
 * transaction that makes the change and the order row as that transaction left it.
 */
export type OrderNotify = (tx: Db | Tx, event: OrderEvent, row: OrderRow) => Promise<void>;

export function orderNotifier(settings: OrderMailSettings): OrderNotify {
  return (tx, event, row) => queueOrderMail(tx, settings, event, row);
}

/** Renders the customer's mail about an order without queuing it (order placement queues it itself). */
export type RenderOrderMail = (event: OrderEvent, row: OrderRow) => OutgoingMail;

export function orderMailRenderer(settings: OrderMailSettings): RenderOrderMail {
  return (event, row) => orderMail(settings, event, row);
}
