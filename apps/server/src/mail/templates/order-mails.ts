import { formatCents } from '@voltforge/contract/money';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { chargeTexts } from '@voltforge/contract/charges';
import {
  formatOrderNumber,
  type PaymentMethod,
  type ShippingMode,
} from '@voltforge/contract/order-rules';
import { linePiecesText, shippingModeLabels } from '@voltforge/contract/back-order';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import type { RenderedMail } from '../outbox.ts';
import {
  button,
  note,
  paragraph,
  renderMail,
  rows,
  shopLink,
  type MailBlock,
} from './mail-layout.ts';

/** What every order mail needs of one line of the order. */
export interface OrderMailLine {
  toolName: string;
  partNumber: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  /** Where its pieces stand (back-order.ts `LinePieces`); absent: all ready together. */
  lineNo?: number;
  shipped?: number;
  allocated?: number;
  backordered?: number;
  cancelled?: number;
  promisedOn?: string | null;
}

/** What every order mail needs of the order (its row, with its lines, has these fields). */
export interface OrderMailData {
  id: string;
  /** The order number (`VF-10001` once formatted): how every mail names the order. */
  number: number;
  customerName: string;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  totalCents: number;
  address: string;
  transactionId: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** The buyer's purchase-order number, named beside the order's wherever it is. */
  poNumber?: string | null;
  /** 'account': placed on the company's terms, invoiced at once: there is nothing to pay now. */
  paymentMethod?: PaymentMethod;
  lines: readonly OrderMailLine[];
  /** 'as_available': what is ready ships now, the back-ordered rest as it arrives. */
  shippingMode?: ShippingMode;
}

/** Who cancelled: the customer, an admin, or the hold on an unpaid order ran out. */
export type CancelledBy = 'customer' | 'admin' | 'expired';

const shortId = (order: Pick<OrderMailData, 'number'>) => formatOrderNumber(order.number);

/** One line as a row: "VF-DM200 × 25" and "Digital Multimeter, $84.00 each: $2,100.00". */
function lineRow(line: OrderMailLine): [string, string] {
  return [
    `${line.partNumber} × ${line.quantity.toLocaleString('en-US')}`,
    `${line.toolName}, ${formatCents(line.unitPriceCents)} each: ${formatCents(line.totalCents)}`,
  ];
}

/** The buyer's PO number as a row, when they gave one. */
const poRow = (order: OrderMailData): Array<[string, string]> =>
  order.poNumber ? [['Your PO number', order.poNumber]] : [];

function orderRows(order: OrderMailData): MailBlock {
  const [only] = order.lines;
  const items: Array<[string, string]> =
    order.lines.length === 1 && only
      ? [
          ['Item', only.toolName],
          ['Part number', only.partNumber],
          ['Unit price', formatCents(only.unitPriceCents)],
          ['Quantity', String(only.quantity)],
        ]
      : order.lines.map(lineRow);
  return rows([
    ['Order', shortId(order)],
    ...poRow(order),
    ...items,
    ...backorderRows(order),
    ...chargeRows(order),
  ]);
}

/** The back-ordered lines with their days, and how the order ships, when any are owed. */
function backorderRows(order: OrderMailData): Array<[string, string]> {
  const owed = order.lines.filter((l) => (l.backordered ?? 0) > 0 && l.promisedOn);
  if (owed.length === 0) return [];
  return [
    ...owed.map((l): [string, string] => [
      `${l.partNumber} back-ordered`,
      `${(l.backordered ?? 0).toLocaleString('en-US')} due by ${formatCalendarDate(l.promisedOn ?? '')}`,
    ]),
    ['Shipping', shippingModeLabels[order.shippingMode ?? 'complete']],
  ];
}

/** Each line with pieces still to ship: how its pieces stand ("18 shipped · 7 due by …"). */
function stillToCome(order: OrderMailData): Array<[string, string]> {
  return order.lines.flatMap((l): Array<[string, string]> => {
    const ahead = (l.allocated ?? 0) + (l.backordered ?? 0);
    return ahead > 0
      ? [
          [
            l.partNumber,
            linePiecesText({
              quantity: l.quantity,
              shipped: l.shipped ?? 0,
              allocated: l.allocated ?? 0,
              backordered: l.backordered ?? 0,
              cancelled: l.cancelled ?? 0,
              promisedOn: l.promisedOn ?? null,
            }),
          ],
        ]
      : [];
  });
}

/** One shipment of an order: what it carries, how to track it, what is still to come. */
export interface ShipmentMailData {
  number: number;
  carrier: string | null;
  trackingNumber: string | null;
  lines: ReadonlyArray<{ lineNo: number; quantity: number }>;
  /** The order has shipped whole with it. */
  last: boolean;
}

export function orderShipmentMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  shipment: ShipmentMailData;
}): RenderedMail {
  const { order, publicUrl, shipment } = opts;
  const byLine = new Map(order.lines.map((l) => [l.lineNo, l]));
  const carried = shipment.lines.flatMap((s): Array<[string, string]> => {
    const line = byLine.get(s.lineNo);
    return line
      ? [[`${line.partNumber} × ${s.quantity.toLocaleString('en-US')}`, line.toolName]]
      : [];
  });
  const toCome = stillToCome(order);
  const tracking: Array<[string, string]> = [
    ...(shipment.carrier ? [['Carrier', shipment.carrier] as [string, string]] : []),
    ...(shipment.trackingNumber
      ? [['Tracking number', shipment.trackingNumber] as [string, string]]
      : []),
  ];
  return renderMail({
    publicUrl,
    subject: shipment.last
      ? `Your Voltforge order ${shortId(order)} has shipped`
      : `Part of your Voltforge order ${shortId(order)} has shipped`,
    heading: shipment.last ? 'Your order is on its way' : 'Part of your order is on its way',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `Shipment ${shipment.number} of your order ${shortId(order)} has left us for: ${order.address}`,
      ),
      ...(tracking.length > 0 ? [rows(tracking)] : []),
      rows([['Order', shortId(order)], ...poRow(order), ...carried]),
      ...(toCome.length > 0
        ? [paragraph('Still to come, in later shipments:'), rows(toCome)]
        : [paragraph('Everything you ordered has now shipped.')]),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

/** Staff cancelled a shipment before it left: its pieces will ship again, in a later shipment. */
export function shipmentCancelledMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  shipment: { number: number };
}): RenderedMail {
  const { order, publicUrl, shipment } = opts;
  return renderMail({
    publicUrl,
    subject: `Shipment ${shipment.number} of your Voltforge order ${shortId(order)} was cancelled`,
    heading: 'A shipment was cancelled',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `Shipment ${shipment.number} of your order ${shortId(order)} was cancelled before it left us; disregard its tracking number. Its items are set aside for you and will ship in a later shipment. You are not charged again.`,
      ),
      rows([['Order', shortId(order)], ...poRow(order), ...stillToCome(order)]),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

/** A back-ordered line's promised day moved: the old day and the new, per line. */
export function backorderDateMovedMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  moved: ReadonlyArray<{ lineNo: number; was: string | null; promised: string }>;
}): RenderedMail {
  const { order, publicUrl } = opts;
  const byLine = new Map(order.lines.map((l) => [l.lineNo, l]));
  const later = opts.moved.some((m) => m.was !== null && m.promised > m.was);
  const changes = opts.moved.flatMap((m): Array<[string, string]> => {
    const line = byLine.get(m.lineNo);
    if (!line) return [];
    const pieces = (line.backordered ?? 0).toLocaleString('en-US');
    const was = m.was ? `, was ${formatCalendarDate(m.was)}` : '';
    return [
      [`${line.partNumber} × ${pieces}`, `now due by ${formatCalendarDate(m.promised)}${was}`],
    ];
  });
  return renderMail({
    publicUrl,
    subject: `New date for back-ordered items on your Voltforge order ${shortId(order)}`,
    heading: later
      ? 'Your back-ordered items will be later'
      : 'Your back-ordered items will be earlier',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `The date we expect the back-ordered items of your order ${shortId(order)} has changed:`,
      ),
      rows([['Order', shortId(order)], ...poRow(order), ...changes]),
      paragraph('Everything else on the order is unchanged.'),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

/** Goods, shipping, tax (once the shop charges it) and the total: what the buyer pays. */
function chargeRows(order: OrderMailData): Array<[string, string]> {
  return [
    [chargeTexts.goods, formatCents(order.goodsCents)],
    [
      chargeTexts.shipping,
      order.shippingCents === 0 ? chargeTexts.free : formatCents(order.shippingCents),
    ],
    ...(order.taxRateBp > 0
      ? [[chargeTexts.tax(order.taxRateBp / 100), formatCents(order.taxCents)] as [string, string]]
      : []),
    [chargeTexts.total, formatCents(order.totalCents)],
  ];
}

function holdText(holdHours: number): string {
  if (holdHours <= 0) return 'We hold the items for you until you pay or cancel the order.';
  const span =
    holdHours % 24 === 0
      ? `${holdHours / 24} day${holdHours === 24 ? '' : 's'}`
      : `${holdHours} hour${holdHours === 1 ? '' : 's'}`;
  return `We hold the items for you for ${span}; an order still unpaid after that is cancelled and its items go back on sale.`;
}

export function orderPlacedMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  holdHours: number;
}): RenderedMail {
  const { order, publicUrl } = opts;
  if (order.paymentMethod === 'account') return onAccountPlacedMail(publicUrl, order);
  return renderMail({
    publicUrl,
    subject: `Your Voltforge order ${shortId(order)}: ${formatCents(order.totalCents)} to pay`,
    heading: 'Thank you for your order',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph('We have your order. Here is what you ordered:'),
      orderRows(order),
      paragraph(`Delivery address: ${order.address}`),
      button('Pay for this order', shopLink(publicUrl, mailLinkPaths.payment(order.id))),
      note(holdText(opts.holdHours)),
    ],
  });
}

/** An order on account: placed and invoiced at once, payable on the company's terms. */
function onAccountPlacedMail(publicUrl: string, order: OrderMailData): RenderedMail {
  return renderMail({
    publicUrl,
    subject: `Your Voltforge order ${shortId(order)} is placed on account`,
    heading: 'Thank you for your order',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `We have your order, placed on your company's account: ${formatCents(order.totalCents)} is invoiced today, payable by bank transfer on your payment terms. Here is what you ordered:`,
      ),
      orderRows(order),
      paragraph(`Delivery address: ${order.address}`),
      paragraph('We are preparing your order and will write again when it ships.'),
      button('See the order and its invoice', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

export function orderPaidMail(opts: { publicUrl: string; order: OrderMailData }): RenderedMail {
  const { order, publicUrl } = opts;
  return renderMail({
    publicUrl,
    subject: `Payment received for your Voltforge order ${shortId(order)}`,
    heading: 'Payment received',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `We received your payment of ${formatCents(order.totalCents)}. This is your receipt:`,
      ),
      orderRows(order),
      rows([['Transaction id', order.transactionId ?? '(none)']]),
      paragraph('We are preparing your order and will write again when it ships.'),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

export function orderShippedMail(opts: { publicUrl: string; order: OrderMailData }): RenderedMail {
  const { order, publicUrl } = opts;
  return renderMail({
    publicUrl,
    subject: `Your Voltforge order ${shortId(order)} has shipped`,
    heading: 'Your order is on its way',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(`Your order has shipped to: ${order.address}`),
      ...(order.carrier || order.trackingNumber
        ? [
            rows([
              ...(order.carrier ? [['Carrier', order.carrier] as [string, string]] : []),
              ...(order.trackingNumber
                ? [['Tracking number', order.trackingNumber] as [string, string]]
                : []),
            ]),
          ]
        : []),
      orderRows(order),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

export function orderDeliveredMail(opts: {
  publicUrl: string;
  order: OrderMailData;
}): RenderedMail {
  const { order, publicUrl } = opts;
  return renderMail({
    publicUrl,
    subject: `Your Voltforge order ${shortId(order)} was delivered`,
    heading: 'Your order was delivered',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph('Your order has been delivered. We hope the tools serve you well.'),
      orderRows(order),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}

const cancelReasons: Record<CancelledBy, string> = {
  customer: 'You cancelled this order.',
  admin:
    'Our team cancelled this order. If you did not expect this, reply to this mail or use the support form.',
  expired: 'This order was cancelled because it was not paid in time; its items are back on sale.',
};

export function orderCancelledMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  by: CancelledBy;
  /** A paid order cancelled by an admin: the customer is told a refund follows. */
  wasPaid: boolean;
}): RenderedMail {
  const { order, publicUrl } = opts;
  return renderMail({
    publicUrl,
    subject: `Your Voltforge order ${shortId(order)} was cancelled`,
    heading: 'Order cancelled',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(cancelReasons[opts.by]),
      orderRows(order),
      ...(opts.wasPaid
        ? [
            paragraph(
              `We are refunding your payment of ${formatCents(order.totalCents)} to your card. A credit note follows in a separate mail once the refund is done.`,
            ),
          ]
        : [note('Nothing was charged for this order.')]),
      button('Order again', shopLink(publicUrl, '/tools')),
    ],
  });
}

export function orderRefundedMail(opts: {
  publicUrl: string;
  order: OrderMailData;
  refund: { amountCents: number; reason: string; creditNote: string };
}): RenderedMail {
  const { order, publicUrl, refund } = opts;
  return renderMail({
    publicUrl,
    subject: `Refund of ${formatCents(refund.amountCents)} for your Voltforge order ${shortId(order)}`,
    heading: 'Your refund',
    blocks: [
      paragraph(`Hello ${order.customerName},`),
      paragraph(
        `We refunded ${formatCents(refund.amountCents)} to the card you paid order ${shortId(order)} with. Depending on your bank it shows on your statement within 5 to 10 days.`,
      ),
      rows([
        ...poRow(order),
        ['Credit note', refund.creditNote],
        ['Refunded', formatCents(refund.amountCents)],
        ['Reason', refund.reason],
      ]),
      paragraph('The credit note is attached to this mail as a PDF.'),
      button('See my orders', shopLink(publicUrl, mailLinkPaths.myOrders)),
    ],
  });
}
