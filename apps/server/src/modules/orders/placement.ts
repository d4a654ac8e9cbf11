import { randomUUID } from 'node:crypto';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { Order } from '@voltforge/contract/order';
import { orderMessages, shortageMessage } from '@voltforge/contract/order-rules';
import { linesTotalCents, priceLine, type LinePrice } from '@voltforge/contract/pricing';
import { quantityProblem } from '@voltforge/contract/quantity-rules';
import { centsToDollars } from '@voltforge/contract/money';
import { orderCharges, type OrderCharges, type ShopTerms } from '@voltforge/contract/charges';
import type { Db } from '../../db/client.ts';
import type { OrderLineRow } from '../../db/schema/order.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import { badRequest, conflict, notFound, type HttpError } from '../../http-error.ts';
import type { Actor } from '../../auth/guards.ts';
import type { RenderOrderMail } from '../../mail/order-notices.ts';
import { MAIL_QUEUED, outboxSignal } from '../../mail/outbox.ts';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';
import { orderToJson, type OrderRow } from './order-row.ts';
import {
  placeBatched,
  readForOrder,
  type OrderingState,
  type OrderingTool,
} from './placement-batch.ts';

/*
 * Placing an order, of one line or many, by one path (docs/architecture.md, "Placing an order").
 * The rules an order must meet are the contract's (pricing.ts, quantity-rules.ts) and are applied
 * here, to a lock-free read; the database function then does only what must happen under the
 * locks (stock still there, tools unchanged, the unpaid cap) and writes everything at once.
 */

/** A tool and a quantity the buyer asks for. */
export interface WantedLine {
  toolId: string;
  quantity: number;
}

export interface PlaceOrderInput {
  lines: readonly WantedLine[];
  phone: string;
  address: string;
  /** Checking out the account's cart: the lines must still be the cart's, and the total as shown. */
  fromCart?: { expectedTotalCents: number };
}

export interface PlaceOrderDeps {
  maxUnpaid: number;
  /** Shipping and tax, from the configuration. */
  shopTerms: ShopTerms;
  renderMail: RenderOrderMail;
  onLowStock: OnLowStock;
}

/** The tools can change between the read and the reservation; the placement is tried again then. */
const PLACE_ATTEMPTS = 3;

/** Step 1: one line per tool, in the order first listed; two lines of one tool are summed. */
export function sumSameTool(lines: readonly WantedLine[]): WantedLine[] {
  const byTool = new Map<string, WantedLine>();
  for (const line of lines) {
    const seen = byTool.get(line.toolId);
    if (seen) seen.quantity += line.quantity;
    else byTool.set(line.toolId, { ...line });
  }
  return [...byTool.values()];
}

/** A line the rules refuse: why, and the answer's status for it. */
interface LineRefusal {
  toolId: string;
  status: 400 | 404 | 409;
  message: string;
}

/** Step 3: whether one line may be ordered from the tool as read; null when it may. */
function lineRefusal(tool: OrderingTool | undefined, line: WantedLine): LineRefusal | null {
  const { toolId, quantity } = line;
  if (!tool || tool.archived) return { toolId, status: 404, message: orderMessages.toolNotFound };
  const problem = quantityProblem(
    {
      minOrderQuantity: tool.min_order_quantity,
      orderMultiple: tool.order_multiple,
      inStock: Infinity,
    },
    quantity,
  );
  if (problem) return { toolId, status: 400, message: problem.message };
  if (tool.in_stock < quantity) {
    return { toolId, status: 409, message: shortageMessage(tool.in_stock) };
  }
  return null;
}

/**
 * The refusal of a whole order. One line is answered as the spec's order form is (its status and
 * message, a quantity message on the quantity field); several lines name each refused line in
 * `fields`, by tool id, under one message.
 */
function orderRefusal(refusals: LineRefusal[], lineCount: number): HttpError {
  const [only] = refusals;
  if (lineCount === 1 && only) {
    if (only.status === 404) return notFound(only.message);
    if (only.status === 400) return badRequest(only.message, { quantity: only.message });
    return conflict(only.message);
  }
  const fields = Object.fromEntries(refusals.map((r) => [r.toolId, r.message]));
  if (refusals.some((r) => r.status === 400)) return badRequest(checkoutMessages.notReady, fields);
  const allShort = refusals.every((r) => r.status === 409);
  return conflict(allShort ? checkoutMessages.short : checkoutMessages.notReady, fields);
}

/** Step 3: every line priced by the contract's pricing function, or the order's refusal. */
function priceLines(
  state: OrderingState,
  lines: readonly WantedLine[],
  maxUnpaid: number,
): Array<{ tool: OrderingTool; price: LinePrice }> {
  const refusals = lines.flatMap((line) => lineRefusal(state.tools.get(line.toolId), line) ?? []);
  // A line that can never be ordered is told before the cap, as the order form always has.
  if (refusals.some((r) => r.status !== 409)) throw orderRefusal(refusals, lines.length);
  if (state.unpaid >= maxUnpaid) throw conflict(orderMessages.tooManyUnpaid(maxUnpaid));
  if (refusals.length > 0) throw orderRefusal(refusals, lines.length);
  return lines.map((line) => {
    const tool = state.tools.get(line.toolId) as OrderingTool;
    const price = priceLine(
      {
        priceCents: tool.price_cents,
        minOrderQuantity: tool.min_order_quantity,
        orderMultiple: tool.order_multiple,
        priceBreaks: tool.price_breaks,
      },
      line.quantity,
    );
    return { tool, price };
  });
}

/**
 * Places an order for the signed-in customer: every line reserved, or none (docs/architecture.md,
 * "Placing an order"; decision 015). The lines' names, part numbers and prices come from the
 * tools, never the client. Answers the order as the API sends it.
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  input: PlaceOrderInput,
  deps: PlaceOrderDeps,
): Promise<Order> {
  // 1. one line per tool
  const wanted = sumSameTool(input.lines);
  const unknown = wanted.filter((l) => !isUuid(l.toolId));
  if (unknown.length > 0) {
    throw orderRefusal(
      unknown.map((l) => ({ toolId: l.toolId, status: 404, message: orderMessages.toolNotFound })),
      wanted.length,
    );
  }
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    // 2. read the tools and the account, without locking
    const state = await readForOrder(
      db,
      wanted.map((l) => l.toolId),
      customer.id,
    );
    // 3. the rules, and the price of every line
    const priced = priceLines(state, wanted, deps.maxUnpaid);
    const charges = orderCharges(linesTotalCents(priced.map((p) => p.price)), deps.shopTerms);
    const totalCents = charges.totalCents;
    if (totalCents > INT32_MAX) throw badRequest(orderMessages.totalTooLarge);
    // 4. a cart is placed at the total its buyer confirmed, not at one they never saw
    const expected = input.fromCart?.expectedTotalCents;
    if (expected !== undefined && expected !== totalCents) {
      throw conflict(
        checkoutMessages.totalChanged(centsToDollars(expected), centsToDollars(totalCents)),
      );
    }
    // 5. the order as it will be written, and its mail
    const row = composeOrder(customer, input, state, priced, charges, deps.shopTerms);
    const mail = deps.renderMail({ kind: 'order_placed' }, row);
    // 6. reserve and write, under the locks
    const placed = await placeBatched(db, {
      order_id: row.id,
      number: row.number,
      user_id: customer.id,
      customer_name: row.customerName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      max_unpaid: deps.maxUnpaid,
      goods_cents: row.goodsCents,
      shipping_cents: row.shippingCents,
      tax_cents: row.taxCents,
      tax_rate_bp: row.taxRateBp,
      total_cents: row.totalCents,
      company: row.company,
      tax_id: row.taxId,
      from_cart: input.fromCart !== undefined,
      lines: row.lines.map((l, i) => ({
        line_no: l.lineNo,
        tool_id: l.toolId,
        tool_name: l.toolName,
        part_number: l.partNumber,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        terms: priced[i]?.tool.terms ?? '',
      })),
      mail_subject: mail.subject,
      mail_html: mail.html,
      mail_text: mail.text,
    });
    if (placed.outcome === 'too_many_unpaid') {
      throw conflict(orderMessages.tooManyUnpaid(deps.maxUnpaid));
    }
    if (placed.outcome === 'cart_changed') throw conflict(checkoutMessages.cartChanged);
    // 'changed': a tool changed or its stock ran short since the read; read again.
    if (placed.outcome !== 'placed') continue;
    // 7. after the commit: the mail goes, and tools that went low are marked once
    outboxSignal.emit(MAIL_QUEUED);
    if (placed.went_low && placed.went_low.length > 0) {
      const low = placed.went_low;
      await db.transaction((tx) => syncLowStock(tx, low, deps.onLowStock));
    }
    return orderToJson({ ...row, createdAt: new Date(placed.created_at ?? state.now) });
  }
  throw conflict(orderMessages.stockChangedRetry);
}

function composeOrder(
  customer: Actor,
  input: PlaceOrderInput,
  state: OrderingState,
  priced: Array<{ tool: OrderingTool; price: LinePrice }>,
  charges: OrderCharges,
  terms: ShopTerms,
): OrderRow {
  const id = randomUUID();
  const lines: OrderLineRow[] = priced.map(({ tool, price }, i) => ({
    orderId: id,
    lineNo: i + 1,
    toolId: tool.id,
    toolName: tool.name,
    partNumber: tool.part_number,
    unitPriceCents: price.unitPriceCents,
    quantity: price.quantity,
    totalCents: price.totalCents,
  }));
  return {
    id,
    userId: customer.id,
    customerName: customer.name,
    email: customer.email,
    phone: input.phone,
    address: input.address,
    number: state.number,
    goodsCents: charges.goodsCents,
    shippingCents: charges.shippingCents,
    taxCents: charges.taxCents,
    taxRateBp: terms.taxRateBasisPoints,
    totalCents: charges.totalCents,
    company: state.company,
    taxId: state.taxId,
    status: 'pending_payment',
    paymentIntentId: null,
    transactionId: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    createdAt: new Date(state.now),
    invoice: null,
    refunds: [],
    carrier: null,
    trackingNumber: null,
    lines,
  };
}
