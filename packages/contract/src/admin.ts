import { z } from 'zod';
import { shipmentMessages } from './back-order.ts';
import { formatCount } from './format-number.ts';
import { ONE_LINE } from './form-fields.ts';
import { MAX_CATEGORY_LENGTH, MAX_SEARCH_LENGTH } from './catalog.ts';
import {
  MAX_ORDER_QUANTITY,
  orderMessages,
  orderStatusLabels,
  orderStatuses,
  type OrderStatus,
} from './order-rules.ts';
import { userSummarySchema } from './user.ts';
import { requiredText } from './form-fields.ts';
import { queryWholeNumber } from './query-params.ts';
import { unknownFieldsError } from './unknown-fields.ts';
import { isHttpUrl } from './web-address.ts';
import { uploadedToolImage } from './tool-image-rules.ts';
import { partNumberSchema } from './part-number.ts';
import {
  MAX_PRICE_BREAKS,
  pricingMessages,
  pricingOf,
  pricingProblem,
  type Pricing,
} from './pricing.ts';

/** The spec's admin texts (sections 4, 7 and 8), word for word, leading spaces included. */
export const adminMessages = {
  toolAdded: 'Tool added successfully',
  toolUpdated: 'Tool updated successfully',
  /** The spec shows this text after DELETE /tool as well as after deleting an order. */
  toolDeleted: ' Order Deleted Successfully',
  orderDeleted: ' Order Deleted Successfully',
  confirmDelete: 'are you sure wants to delete',
  madeAdmin: 'Successfully made an admin',
  makeAdminFailed: 'Failed to make admin',
  alreadyAdmin: 'Already Admin',
  userRemoved: 'User removed',
  cannotRemoveSelf: 'You cannot remove your own account.',
  cannotBanSelf: 'You cannot disable your own account.',
  /** Kept so that a shop always has an admin who can undo what another admin did. */
  cannotRemoveOwnAdmin: 'You cannot remove your own admin role.',
  lastAdmin:
    'The shop must keep at least one admin who can sign in: make someone else an admin first.',
  adminRemoved: 'Admin role removed',
  notAnAdmin: 'Not an admin',
  userBanned: 'Account disabled: it is signed out everywhere',
  userUnbanned: 'Account enabled: it can sign in again',
  userNotFound: 'No user has that email.',
  toolNotFound: 'Tool not found.',
  orderNotFound: orderMessages.orderNotFound,
  nothingToUpdate: 'Change at least one field.',
  stockTooLarge: 'That would make the stock larger than the shop can record.',
  /** An edit's stock was based on a level that orders or restocks have changed since. */
  stockChanged: (now: number) =>
    `The stock changed while you were editing (now ${now}). Reload and try again.`,
  restocked: (quantity: number, name: string) => `Added ${quantity} to ${name}.`,
  statusChanged: (status: OrderStatus) => `Order marked ${orderStatusLabels[status]}.`,
  transitionNotAllowed: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${orderStatusLabels[from].toLowerCase()} cannot be marked ${orderStatusLabels[to].toLowerCase()}.`,
} as const;

export const MAX_TOOL_NAME_LENGTH = 120;
export const MAX_TOOL_DESC_LENGTH = 2000;
export const MAX_TOOL_IMG_LENGTH = 2048;
/** $1,000,000.00: the largest price, far below the cents column's 32-bit limit. */
export const MAX_TOOL_PRICE = 1_000_000;
export const MAX_STOCK_QUANTITY = MAX_ORDER_QUANTITY;
/** Restocks can take a tool's stock up to the database's 32-bit integer limit. */
const MAX_RECORDED_STOCK = 2_147_483_647;

export const toolFieldMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_TOOL_NAME_LENGTH} characters`,
  inStockRequired: 'Available quantity is required',
  inStockWhole: `Available quantity must be a whole number from 0 to ${formatCount(MAX_STOCK_QUANTITY)}`,
  minOrderRequired: 'Minimum order quantity is required',
  minOrderWhole: `Minimum order quantity must be a whole number from 1 to ${formatCount(MAX_STOCK_QUANTITY)}`,
  priceRequired: 'Price is required',
  priceNumber: 'Price must be a number',
  pricePositive: 'Price must be more than 0',
  priceCents: 'Price can have at most 2 decimals',
  priceTooHigh: `Price must be at most $${formatCount(MAX_TOOL_PRICE)}`,
  descRequired: 'Description is required',
  descTooLong: `Description must be at most ${MAX_TOOL_DESC_LENGTH} characters`,
  imgRequired: 'Photo URL is required',
  imgInvalid:
    'Photo URL must start with http:// or https:// (or be a site image under /images/, or a picture uploaded here)',
  /**
   * The admin's browser could not show the picture (the forms check before saving; the server
   * checks only the address's shape and never fetches it).
   */
  imgUnreachable:
    'The image could not be loaded. Check that the address opens a picture in your browser, or use another one.',
  categoryRequired: 'Category is required',
  categoryTooLong: `Category must be at most ${MAX_CATEGORY_LENGTH} characters`,
  categoryClash: (existing: string) =>
    `The category “${existing}” already exists. Choose “${existing}”, or name a new category differently.`,
  restockRequired: 'Quantity is required',
  restockWhole: `Quantity must be a whole number from 1 to ${formatCount(MAX_STOCK_QUANTITY)}`,
  expectedInStockRequired:
    'expectedInStock (the stock the form was loaded with) must come with inStock',
  expectedInStockWhole: `expectedInStock must be a whole number from 0 to ${formatCount(MAX_RECORDED_STOCK)}`,
  orderMultipleWhole: `Order multiple must be a whole number from 1 to ${formatCount(MAX_STOCK_QUANTITY)}`,
  breakQuantityWhole: `A price break's quantity must be a whole number from 2 to ${formatCount(MAX_STOCK_QUANTITY)}`,
  breakPriceRequired: "A price break's price is required",
  breakPriceNumber: "A price break's price must be a number",
  lowStockThresholdWhole: `Low-stock threshold must be a whole number from 0 to ${formatCount(MAX_STOCK_QUANTITY)}, or empty for twice the minimum order quantity`,
} as const;

/**
 * Two category names the shop treats as the same: equal once spaces are trimmed and collapsed
 * and letter case is ignored, so "hand  tools" never becomes a category beside "Hand Tools".
 */
export function categoryKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The existing category that `name` would duplicate, when it differs from it only by letter case
 * or spaces; undefined when `name` is one of `existing` exactly, or new.
 */
export function clashingCategory(name: string, existing: readonly string[]): string | undefined {
  if (existing.includes(name)) return undefined;
  const key = categoryKey(name);
  return existing.find((category) => categoryKey(category) === key);
}

/** A number field from a form arrives as NaN when left empty: that is "required", not "not a number". */
const numberField = (required: string, invalid: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? required
        : invalid,
  });

const wholeNumber = (min: number, required: string, message: string) =>
  numberField(required, message).int(message).min(min, message).max(MAX_STOCK_QUANTITY, message);

// The seeded catalogue's pictures and the uploaded ones are served by the site itself; nothing
// else relative is allowed.
const SITE_IMAGE = /^\/images\/(?!.*\.\.)[A-Za-z0-9._/-]+$/;
const isToolImage = (value: string) =>
  SITE_IMAGE.test(value) || uploadedToolImage(value) !== null || isHttpUrl(value);

/** True when the dollar amount has at most two decimals (0.1 + 0.2 style float noise tolerated). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;
}

/** A price in dollars as an admin types it: more than 0, at most two decimals, within bounds. */
const priceField = (required: string, invalid: string) =>
  numberField(required, invalid)
    .gt(0, toolFieldMessages.pricePositive)
    .max(MAX_TOOL_PRICE, toolFieldMessages.priceTooHigh)
    .refine(hasAtMostTwoDecimals, toolFieldMessages.priceCents);

/** Each tool field's rule, as the forms, the API and the CSV import check it. */
export const toolFields = {
  partNumber: partNumberSchema,
  name: requiredText(
    MAX_TOOL_NAME_LENGTH,
    toolFieldMessages.nameRequired,
    toolFieldMessages.nameTooLong,
  ),
  inStock: wholeNumber(0, toolFieldMessages.inStockRequired, toolFieldMessages.inStockWhole),
  minOrderQuantity: wholeNumber(
    1,
    toolFieldMessages.minOrderRequired,
    toolFieldMessages.minOrderWhole,
  ),
  price: priceField(toolFieldMessages.priceRequired, toolFieldMessages.priceNumber),
  orderMultiple: wholeNumber(
    1,
    toolFieldMessages.orderMultipleWhole,
    toolFieldMessages.orderMultipleWhole,
  ),
  priceBreaks: z
    .array(
      z.strictObject({
        quantity: wholeNumber(
          2,
          toolFieldMessages.breakQuantityWhole,
          toolFieldMessages.breakQuantityWhole,
        ),
        price: priceField(toolFieldMessages.breakPriceRequired, toolFieldMessages.breakPriceNumber),
      }),
    )
    .max(MAX_PRICE_BREAKS, pricingMessages.tooManyBreaks),
  desc: requiredText(
    MAX_TOOL_DESC_LENGTH,
    toolFieldMessages.descRequired,
    toolFieldMessages.descTooLong,
  ),
  img: z
    .string({ error: toolFieldMessages.imgRequired })
    .trim()
    .min(1, toolFieldMessages.imgRequired)
    .max(MAX_TOOL_IMG_LENGTH, toolFieldMessages.imgInvalid)
    .refine(isToolImage, toolFieldMessages.imgInvalid),
  category: requiredText(
    MAX_CATEGORY_LENGTH,
    toolFieldMessages.categoryRequired,
    toolFieldMessages.categoryTooLong,
  ),
  /** At or below this stock the tool is low; null (or left out) means twice its minimum order. */
  lowStockThreshold: z
    .number({ error: toolFieldMessages.lowStockThresholdWhole })
    .int(toolFieldMessages.lowStockThresholdWhole)
    .min(0, toolFieldMessages.lowStockThresholdWhole)
    .max(MAX_STOCK_QUANTITY, toolFieldMessages.lowStockThresholdWhole)
    .nullable()
    .optional(),
};

const unknownFields = unknownFieldsError();

/** A tool's price breaks and order multiple as pricing takes them (cents). */
function pricingOfInput(tool: {
  price: number;
  minOrderQuantity: number;
  orderMultiple?: number;
  priceBreaks?: readonly { quantity: number; price: number }[];
}): Pricing {
  return pricingOf({
    price: tool.price,
    minOrderQuantity: tool.minOrderQuantity,
    orderMultiple: tool.orderMultiple ?? 1,
    priceBreaks: tool.priceBreaks ?? [],
  });
}

/**
 * POST /api/tool: the Add Tools form. Strict, so `_id`, `archivedAt` and the like are refused.
 * The breaks and multiple are checked against the price and minimum (pricing.ts); an edit is
 * checked the same way by the server, against the tool as the edit would leave it.
 */
export const toolInputSchema = z
  .strictObject(
    {
      ...toolFields,
      orderMultiple: toolFields.orderMultiple.optional(),
      priceBreaks: toolFields.priceBreaks.optional(),
    },
    unknownFields,
  )
  .superRefine((tool, ctx) => {
    const problem = pricingProblem(pricingOfInput(tool));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['priceBreaks'] });
  });
export type ToolInput = z.input<typeof toolInputSchema>;
export type ToolInputBody = z.output<typeof toolInputSchema>;

/**
 * PATCH /api/tool/:id: any of the same fields; the edit form sends only what changed. A new
 * `inStock` must come with `expectedInStock`, the level the form was loaded with: orders placed
 * meanwhile would otherwise be overwritten by the stale number (409 when it no longer matches).
 */
export const toolPatchSchema = z
  .strictObject(
    {
      ...toolFields,
      expectedInStock: numberField(
        toolFieldMessages.expectedInStockRequired,
        toolFieldMessages.expectedInStockWhole,
      )
        .int(toolFieldMessages.expectedInStockWhole)
        .min(0, toolFieldMessages.expectedInStockWhole)
        .max(MAX_RECORDED_STOCK, toolFieldMessages.expectedInStockWhole),
    },
    unknownFields,
  )
  .partial()
  .refine(
    (body) => Object.entries(body).some(([key, v]) => key !== 'expectedInStock' && v !== undefined),
    adminMessages.nothingToUpdate,
  )
  .refine((body) => body.inStock === undefined || body.expectedInStock !== undefined, {
    message: toolFieldMessages.expectedInStockRequired,
    path: ['expectedInStock'],
  });
export type ToolPatch = z.input<typeof toolPatchSchema>;
export type ToolPatchBody = z.output<typeof toolPatchSchema>;

/** POST /api/tool/:id/restock: Add Quantity. */
export const restockSchema = z.strictObject({
  quantity: wholeNumber(1, toolFieldMessages.restockRequired, toolFieldMessages.restockWhole),
});
export type RestockInput = z.input<typeof restockSchema>;

/** DELETE /api/tool/:id archives the tool: 1 when this call archived it, 0 when it already was. */
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export type DeletedCount = z.infer<typeof deletedCountSchema>;

/** PUT /api/user/admin/:email: 1 when the account became an admin, 0 when it already was one. */
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export type ModifiedCount = z.infer<typeof modifiedCountSchema>;

/** The statuses an admin may set; `paid` comes only from the payment provider. */
export const adminOrderStatuses = ['shipped', 'delivered', 'cancelled'] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

/**
 * Where an admin may move an order from each status (the order life cycle in
 * docs/architecture.md): one step at a time, so a paid order is shipped (the customer told the
 * carrier and tracking number) before it can be delivered. Goods handed over in person are
 * shipped with the carrier "Collected", then delivered.
 */
export const adminStatusTransitions: Record<OrderStatus, readonly AdminOrderStatus[]> = {
  pending_payment: ['cancelled'],
  paid: ['shipped', 'cancelled'],
  on_account: ['shipped', 'cancelled'],
  // The rest ships as shipments (docs/payments.md, "Back-orders"); then it reads shipped.
  partially_shipped: [],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: AdminOrderStatus): boolean {
  return adminStatusTransitions[from].includes(to);
}

const shipmentText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(ONE_LINE, `${label} must be one line`)
    .optional();

/**
 * PATCH /api/order/:id/status. Marking an order shipped may name the carrier and the tracking
 * number (both optional), which go into the shipped mail, My Orders and the timeline.
 */
export const orderStatusBodySchema = z
  .strictObject({
    status: z.enum(adminOrderStatuses, {
      error: `status must be one of: ${adminOrderStatuses.join(', ')}`,
    }),
    carrier: shipmentText('Carrier', 60),
    trackingNumber: shipmentText('Tracking number', 60),
  })
  .refine((b) => b.status === 'shipped' || (!b.carrier && !b.trackingNumber), {
    message: 'A carrier and tracking number go with marking an order shipped.',
    path: ['carrier'],
  });
export type OrderStatusBody = z.infer<typeof orderStatusBodySchema>;

/**
 * POST /api/admin/orders/:id/shipments: some pieces of some lines (each line once, by its number),
 * with the carrier and tracking number (docs/payments.md, "Back-orders").
 */
export const shipmentBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineNo: z
          .number({ error: 'lineNo must be a line number' })
          .int('lineNo must be a line number')
          .min(1, 'lineNo must be a line number')
          .max(10_000, 'lineNo must be a line number'),
        quantity: z
          .number({ error: 'Quantity must be a whole number of pieces' })
          .int('Quantity must be a whole number of pieces')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_ORDER_QUANTITY, 'Quantity is too large'),
      }),
    )
    .min(1, shipmentMessages.noLines)
    .max(1000, 'At most 1000 lines per shipment')
    .refine((lines) => new Set(lines.map((l) => l.lineNo)).size === lines.length, {
      message: 'Name each line once.',
    }),
  carrier: shipmentText('Carrier', 60),
  trackingNumber: shipmentText('Tracking number', 60),
});
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

/** POST /api/admin/orders/:id/shipments/:number/cancel: one of the order's shipments, by number. */
export const shipmentParamsSchema = z.object({
  id: z.string().max(64),
  number: queryWholeNumber(1, 10_000, 'must be a shipment number'),
});

export const DEFAULT_ADMIN_PAGE_SIZE = 50;
export const MAX_ADMIN_PAGE_SIZE = 100;
const MAX_ADMIN_PAGE = 10_000;

const pageMessage = `must be a whole number from 1 to ${MAX_ADMIN_PAGE}`;
const pageSizeMessage = `must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}`;

const pagination = {
  page: queryWholeNumber(1, MAX_ADMIN_PAGE, pageMessage).default(1),
  pageSize: queryWholeNumber(1, MAX_ADMIN_PAGE_SIZE, pageSizeMessage).default(
    DEFAULT_ADMIN_PAGE_SIZE,
  ),
};

export const userListSchema = z.array(userSummarySchema);

/**
 * GET /api/user (admin): a page of accounts, oldest first, optionally only those whose name or
 * email contains `search` (any letter case); the total is in X-Total-Count.
 */
export const userListQuerySchema = z.object({
  search: z
    .string({ error: 'must be given at most once' })
    .trim()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  ...pagination,
});
export type UserListQueryInput = z.input<typeof userListQuerySchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** GET /api/orders (admin): a page of every order, newest first, optionally one status. */
export const adminOrderListQuerySchema = z.object({
  status: z
    .enum(orderStatuses, { error: `status must be one of: ${orderStatuses.join(', ')}` })
    .optional(),
  /** Part of a part number, tool name, customer name or email, in any letter case. */
  search: z
    .string({ error: 'must be given at most once' })
    .trim()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  ...pagination,
});
export type AdminOrderListQueryInput = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** GET /api/reviews (admin): a page of every review, hidden ones too, newest first. */
export const adminReviewListQuerySchema = z.object(pagination);
export type AdminReviewListQueryInput = z.input<typeof adminReviewListQuerySchema>;
export type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;
