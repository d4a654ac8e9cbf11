import { addressMessages } from './address-rules.ts';
import { phoneMessages } from './phone-rules.ts';

/**
 * The order rules and words that pages show or check without validating a whole order: no zod,
 * so a page that lists orders does not download the schemas (the schemas are in order.ts).
 */

/** The spec's order messages (sections 5, 7 and 8), word for word, leading space included. */
export const orderMessages = {
  maxQuantity: (n: number) => `Maximum Order Quantity ${n} pcs.`,
  minQuantity: (n: number) => `Minimum Order Quantity ${n} pcs.`,
  added: 'Order Added Successfully',
  deleted: ' Order Deleted Successfully',
  confirmDelete: 'are you sure wants to delete',
  quantityRequired: 'Quantity is required',
  quantityWhole: 'Quantity must be a whole number',
  quantityPositive: 'Quantity must be at least 1',
  phoneRequired: phoneMessages.required,
  phoneInvalid: phoneMessages.invalid,
  addressRequired: addressMessages.required,
  toolRequired: 'Choose a tool to order',
  toolNotFound: 'This tool is not available.',
  orderNotFound: 'Order not found.',
  totalTooLarge: 'That order is too large to place online. Please contact sales.',
  paidCannotBeDeleted: 'A paid order cannot be deleted. Please contact support.',
  cannotCancel: (status: string) => `An order that is ${status} cannot be cancelled.`,
  otherUsersOrders: 'You can only see your own orders.',
  cancelRaced: 'The order is being paid for right now. Please try again in a moment.',
  soldOut: 'Out of stock. Please check back soon.',
  belowMinimum: (left: number, min: number) =>
    `Only ${left} left: below the minimum order of ${min} pcs.`,
  stockChangedRetry: 'The stock changed while you were ordering. Please try again.',
  tooManyUnpaid: (max: number) =>
    `You already have ${max} unpaid orders. Pay for or cancel one in My Orders before placing another.`,
} as const;

/**
 * How long an unpaid order keeps its stock before the shop cancels it (the server's
 * ORDER_HOLD_HOURS, from GET /api/payments/config; 0 holds it until it is cancelled).
 */
export const orderHoldMessages = {
  policy: (hours: number) =>
    `Unpaid orders are held for ${hours === 1 ? '1 hour' : `${hours} hours`}, then cancelled.`,
  payBy: (when: string) => `Pay by ${when}`,
} as const;

/** When an unpaid order placed at `createdAt` is cancelled, or null when orders are held until cancelled. */
export function payByDate(createdAt: string, holdHours: number): Date | null {
  if (holdHours <= 0) return null;
  return new Date(Date.parse(createdAt) + holdHours * 3_600_000);
}

/** The server reports a shortage with the stock that is left (409). */
export function shortageMessage(inStock: number): string {
  return inStock <= 0 ? 'Out of stock' : `Only ${inStock} left in stock`;
}

/**
 * An upper bound that keeps quantities and totals inside the database's 32-bit integers; the
 * real bound is the tool's stock, which the server checks atomically.
 */
export const MAX_ORDER_QUANTITY = 1_000_000;

export const orderStatuses = [
  'pending_payment',
  'paid',
  'on_account',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  on_account: 'On account',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Confirmed orders: paid by card, or placed on account, shipping or shipped. They count as sold,
 * make their buyer a verified buyer, and may ship.
 */
export const confirmedOrderStatuses: readonly OrderStatus[] = [
  'paid',
  'on_account',
  'partially_shipped',
  'shipped',
  'delivered',
];

/**
 * How an order is paid: by card before it ships, or on the company's account (terms), invoiced at
 * once and paid by bank transfer by the due date. An order on account starts `on_account`, not
 * `pending_payment`: it ships like a paid one.
 */
export const paymentMethods = ['card', 'account'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * How an order with back-ordered pieces ships (docs/payments.md, "Back-orders"): everything in one
 * shipment once it is all there, or what is in stock now and the rest as it arrives.
 */
export const shippingModes = ['complete', 'as_available'] as const;
export type ShippingMode = (typeof shippingModes)[number];

/** 10001 → "VF-10001": the order number people quote. */
export function formatOrderNumber(n: number): string {
  return `VF-${n}`;
}

/** "VF-10001", "vf 10001", "#10001" or "10001" → 10001; null when the text is no order number. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*#?\s*(?:vf[\s-]*)?(\d{1,15})\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The spec's single-tool `order` field for an order of any number of lines
 * (docs/decisions/015-order-lines.md): the tool's name for one line, "VF-DM200 and 2 more" (the
 * first line's part number) for several.
 */
export function orderTitle(lines: ReadonlyArray<{ name: string; partNumber: string }>): string {
  const [first] = lines;
  if (!first) return '';
  return lines.length === 1 ? first.name : `${first.partNumber} and ${lines.length - 1} more`;
}
