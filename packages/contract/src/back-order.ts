import { formatCalendarDate } from './calendar.ts';
import { formatCount } from './format-number.ts';
import type { OrderStatus } from './order-rules.ts';

/*
 * Back-orders and shipments (docs/payments.md, "Back-orders"): where an order line's pieces stand,
 * in words buyers and staff read, and the messages of shipping. Without zod.
 */

/** Where one line's pieces stand: they always add up to its quantity. */
export interface LinePieces {
  quantity: number;
  shipped: number;
  /** In stock, set aside for the line, not shipped yet. */
  allocated: number;
  /** Owed: due by `promisedOn`. */
  backordered: number;
  cancelled: number;
  /** YYYY-MM-DD, while any are back-ordered. */
  promisedOn: string | null;
}

/** "18 shipped · 7 due by Jan 14, 2027" (nothing said of a line wholly in one state but ready). */
export function linePiecesText(line: LinePieces): string {
  const parts = [
    ...(line.shipped > 0 ? [`${formatCount(line.shipped)} shipped`] : []),
    ...(line.allocated > 0 ? [`${formatCount(line.allocated)} ready to ship`] : []),
    ...(line.backordered > 0 && line.promisedOn
      ? [`${formatCount(line.backordered)} due by ${formatCalendarDate(line.promisedOn)}`]
      : []),
    ...(line.cancelled > 0 ? [`${formatCount(line.cancelled)} cancelled`] : []),
  ];
  return parts.join(' · ');
}

/** Whether a line's pieces are all in one plain state (nothing worth saying beyond the status). */
export function linePiecesPlain(line: LinePieces): boolean {
  const states = [line.shipped, line.allocated, line.backordered, line.cancelled].filter(
    (n) => n > 0,
  );
  return states.length <= 1 && line.backordered === 0;
}

export const shippingModeLabels = {
  complete: 'Ship complete',
  as_available: 'Ship as available',
} as const;

/** The statuses an order may ship from: confirmed, not yet all gone. */
export const shippableStatuses: readonly OrderStatus[] = [
  'paid',
  'on_account',
  'partially_shipped',
];

/** The statuses an order's shipment may be cancelled in: it has shipped some, not been handed over. */
export const shipmentCancellableStatuses: readonly OrderStatus[] = ['partially_shipped', 'shipped'];

export const shipmentMessages = {
  notFound: 'Order not found',
  noLines: 'Choose at least one piece to ship.',
  notShippable: (status: string) => `An order that is ${status} cannot ship.`,
  tooMany: (partNumber: string, ready: number) =>
    ready === 0
      ? `${partNumber}: nothing is ready to ship.`
      : `${partNumber}: only ${formatCount(ready)} ready to ship.`,
  unknownLine: (lineNo: number) => `The order has no line ${lineNo}.`,
  shipComplete:
    'This order ships complete: every piece ships in one shipment once all of it is in stock.',
  stillOwed: (pieces: number) =>
    `${formatCount(pieces)} ${pieces === 1 ? 'piece is' : 'pieces are'} still back-ordered: ship what is ready as a shipment.`,
  changedMeanwhile: 'The order changed meanwhile; look at it again.',
  shipmentNotFound: (number: number) => `The order has no shipment ${number}.`,
  alreadyCancelled: (number: number) => `Shipment ${number} was cancelled already.`,
  notCancellable: (status: string) =>
    `A shipment of an order that is ${status} cannot be cancelled.`,
  cameBack: (number: number, partNumber: string) =>
    `${partNumber}: pieces of shipment ${number} came back already; refund them instead.`,
  cancelled: (number: number) =>
    `Shipment ${number} cancelled: its pieces are ready to ship again.`,
};

/**
 * The shipments beyond the first an order makes when it ships as available: one per day its
 * pieces become ready (now, and each back-ordered line's promised day), less one; none when it
 * ships complete.
 */
export function extraShipments(
  mode: 'complete' | 'as_available',
  lines: ReadonlyArray<{ quantity: number; allocated: number; promisedOn: string | null }>,
): number {
  if (mode === 'complete') return 0;
  const days = new Set<string>();
  for (const line of lines) {
    if (line.allocated > 0) days.add('now');
    if (line.allocated < line.quantity && line.promisedOn) days.add(line.promisedOn);
  }
  return Math.max(0, days.size - 1);
}
