import { z } from 'zod';
import { phoneMessages, phoneSchema } from './phone.ts';
import { invoiceRefSchema } from './invoice.ts';
import { refundSchema } from './refund.ts';
import { unknownFieldsError } from './unknown-fields.ts';

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
  addressRequired: 'Address is required',
  toolRequired: 'Choose a tool to order',
  toolNotFound: 'This tool is not available.',
  orderNotFound: 'Order not found.',
  totalTooLarge: 'That order is too large to place online. Please contact sales.',
  paidCannotBeDeleted: 'A paid order cannot be deleted. Please contact support.',
  cannotCancel: (status: string) => `An order that is ${status} cannot be cancelled.`,
  otherUsersOrders: 'You can only see your own orders.',
  cancelRaced: 'The order is being paid for right now. Please try again in a moment.',
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

export const ADDRESS_MAX_LENGTH = 500;

export const quantitySchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? orderMessages.quantityRequired
        : orderMessages.quantityWhole,
  })
  .int(orderMessages.quantityWhole)
  .min(1, orderMessages.quantityPositive)
  .max(
    MAX_ORDER_QUANTITY,
    `Quantity must be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-US')}`,
  );

export const addressSchema = z
  .string({ error: orderMessages.addressRequired })
  .trim()
  .min(1, orderMessages.addressRequired)
  .max(ADDRESS_MAX_LENGTH, `Address must be at most ${ADDRESS_MAX_LENGTH} characters`);

/**
 * POST /api/order. Strict: a body carrying anything else (price, paid, email, status, name...)
 * is rejected with 400, so a client cannot believe it set a value the server decides.
 */
export const createOrderSchema = z.strictObject(
  {
    toolId: z
      .string({ error: orderMessages.toolRequired })
      .trim()
      .min(1, orderMessages.toolRequired)
      .max(64, orderMessages.toolNotFound),
    quantity: quantitySchema,
    phone: phoneSchema,
    address: addressSchema,
  },
  unknownFieldsError('the server sets everything except toolId, quantity, phone and address'),
);
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrderBody = z.output<typeof createOrderSchema>;

export const orderStatuses = [
  'pending_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** One line of an order: the tool as it was when the order was placed, and its price then. */
export const orderLineSchema = z.object({
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars at this quantity (the tool's price break), as at checkout. */
  unitPrice: z.number(),
  /** unitPrice × quantity, in dollars. */
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

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

/**
 * An order as the API sends it: the shop's long-standing field names, money in dollars with two
 * decimals. The spec's fields describe a one-tool order; for an order of several lines `order` is
 * `orderTitle`, `partNumber` and `toolId` are the first line's, `price` and `total` are the
 * order's total and `quantity` is 1 (decision 015). `lines` always lists every line.
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** The short order number people quote: "VF-10001". */
  number: z.string(),
  /** The customer's name. */
  name: z.string(),
  email: z.string(),
  /** The tool's name when the order was placed (orderTitle for several lines). */
  order: z.string(),
  /** The tool's part number when the order was placed (the first line's). */
  partNumber: z.string(),
  toolId: z.string(),
  /** Unit price in dollars (the goods total for several lines). */
  price: z.number(),
  quantity: z.number().int(),
  /** The goods: Σ of the lines' totals (price × quantity for one line), in dollars. */
  goodsTotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** The tax rate the order was placed at, in percent (0: no tax). */
  taxRate: z.number(),
  /** What the buyer is charged: goods + shipping + tax, in dollars (docs/decisions/017). */
  total: z.number(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  /** The invoice issued when the order was paid; null before. */
  invoice: invoiceRefSchema.nullable(),
  /** How it was shipped, when an admin said so (marking it shipped). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Dollars returned to the card by succeeded refunds (refundState names it). */
  refunded: z.number(),
  /** Every refund asked for, oldest first, with its credit note once it succeeded. */
  refunds: z.array(refundSchema),
  phone: z.string(),
  address: z.string(),
  status: orderStatusSchema,
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  delivered: z.boolean(),
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);

/** GET /api/order?email= : your own orders (an admin may name anyone's email). */
export const orderListQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
});

export const orderIdParamsSchema = z.object({ id: z.string().max(64) });

/** DELETE /api/order/:id cancels the order; 1 when this call cancelled it, 0 when it already was. */
export const deleteOrderResultSchema = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResult = z.infer<typeof deleteOrderResultSchema>;
