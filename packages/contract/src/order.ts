import { formatCount } from './format-number.ts';
import { z } from 'zod';
import { phoneSchema } from './phone.ts';
import { addressSchema } from './address.ts';
import {
  MAX_ORDER_QUANTITY,
  orderMessages,
  orderStatuses,
  paymentMethods,
  shippingModes,
} from './order-rules.ts';
import { invoiceRefSchema } from './invoice.ts';
import { refundSchema } from './refund.ts';
import { unknownFieldsError } from './unknown-fields.ts';

export const quantitySchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? orderMessages.quantityRequired
        : orderMessages.quantityWhole,
  })
  .int(orderMessages.quantityWhole)
  .min(1, orderMessages.quantityPositive)
  .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${formatCount(MAX_ORDER_QUANTITY)}`);

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

export const orderStatusSchema = z.enum(orderStatuses);

/** The project revision a cart or order line was bought from (the project's name then). */
export const lineProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  revision: z.number().int(),
});
export type LineProject = z.infer<typeof lineProjectSchema>;

/** One line of an order: the tool as it was when the order was placed, and its price then. */
export const shipmentSchema = z.object({
  number: z.number().int(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string(),
  /** Cancelled by staff before it left: its pieces are set aside for their lines again. */
  cancelledAt: z.string().nullable(),
  lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderLineSchema = z.object({
  toolId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars at this quantity (the tool's price break), as at checkout. */
  unitPrice: z.number(),
  /** unitPrice × quantity, in dollars. */
  lineTotal: z.number(),
  /** The buyer's own part number / reference, from the project line it was bought from. */
  customerRef: z.string().nullable(),
  project: lineProjectSchema.nullable(),
  /** From 1, in the order the buyer listed them: how shipments name the line. */
  lineNo: z.number().int(),
  /**
   * Where its pieces stand (back-order.ts `LinePieces`; docs/payments.md, "Back-orders"): they add
   * up to the quantity. `promisedOn` (YYYY-MM-DD) while any are back-ordered.
   */
  shipped: z.number().int(),
  allocated: z.number().int(),
  backordered: z.number().int(),
  cancelled: z.number().int(),
  promisedOn: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

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
  /** The buyer's purchase-order number, given at checkout. */
  poNumber: z.string().nullable(),
  /** The quote it was accepted from, and the revision (docs/payments.md, "Quotes"); null when none. */
  quote: z.object({ id: z.string(), number: z.string(), revision: z.number().int() }).nullable(),
  /** Where the invoice is made out to, when not the delivery address (a company's). */
  billingAddress: z.string().nullable(),
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
  /** By card, or on the company's account (invoiced at once, due on its terms). */
  paymentMethod: z.enum(paymentMethods),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  delivered: z.boolean(),
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
  /** How back-ordered pieces ship: with the rest, or each as it arrives. */
  shippingMode: z.enum(shippingModes),
  /** What has left, oldest first: each shipment's pieces by line number, carrier and tracking. */
  shipments: z.array(shipmentSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);

/** GET /api/company/orders: each order with who approved it, when a limit asked for approval. */
export const companyOrderListSchema = z.array(
  orderSchema.extend({ approvedBy: z.string().nullable() }),
);
export type CompanyOrder = z.infer<typeof companyOrderListSchema>[number];

/** GET /api/order?email= : your own orders (an admin may name anyone's email). */
export const orderListQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
});

export const orderIdParamsSchema = z.object({ id: z.string().max(64) });

/** DELETE /api/order/:id cancels the order; 1 when this call cancelled it, 0 when it already was. */
export const deleteOrderResultSchema = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResult = z.infer<typeof deleteOrderResultSchema>;
