import { orderCharges, type ShopTerms } from '@voltforge/contract/charges';
import { extraShipments } from '@voltforge/contract/back-order';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { approvalMessages } from '@voltforge/contract/approval-rules';
import { creditMessages } from '@voltforge/contract/credit-rules';
import type { InvoiceRef } from '@voltforge/contract/invoice';
import { dateIn } from '@voltforge/contract/calendar';
import { centsToDollars, formatUsd, formatCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { orderMessages, type ShippingMode } from '@voltforge/contract/order-rules';
import { quoteCharges } from '@voltforge/contract/quote-rules';
import type { Actor } from '../../../auth/guards.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { conflict } from '../../../http-error.ts';
import type { RenderOrderMail } from '../../../mail/order-notices.ts';
import type { OnLowStock } from '../../../stock/low-stock.service.ts';
import { orderToJson, type OrderRow } from '../order-row.ts';
import { afterCommit } from './after-commit.ts';
import { composeOrder, type BillTo } from './compose.ts';
import { confirmTotal } from './confirm-total.ts';
import { judgeLines, refuseUnknownIds } from './judge.ts';
import { readForOrder } from './read.ts';
import { placeBatched, placeBatchWith, type Placement, type PlacementRequest } from './reserve.ts';
import { sumSameTool, type WantedLine } from './sum-lines.ts';

/*
 * Placing an order, of one line or many, by one path (docs/architecture.md, "Placing an order"):
 * the named steps of this folder, run in order. The rules are the contract's and are applied to a
 * lock-free read (steps 2-5); the database function (step 6) only checks, under the locks, that
 * what was judged still holds, and writes everything at once.
 */

export interface PlaceOrderInput {
  lines: readonly WantedLine[];
  phone: string;
  address: string;
  /** The buyer's purchase-order number (checkout only). */
  poNumber?: string | null;
  /** Who the invoice is made out to, when the buyer says at checkout; else their profile's. */
  billTo?: BillTo;
  /** Checking out the account's cart: the lines must still be the cart's, and the total as shown. */
  fromCart?: { expectedTotalCents: number };
  /**
   * On the company's account (`billTo.companyId`): placed within its available credit, and
   * invoiced by `invoice` in the placing transaction (handed over by checkout: invoices are a
   * module above this one), so an order on account never exists without its invoice.
   */
  onAccount?: { invoice: (tx: Tx, placed: OrderRow) => Promise<InvoiceRef> };
  /** The buyer's limits: over them nothing is placed and `OverLimit` is thrown. */
  limits?: { orderLimitCents: number | null; monthlyLimitCents: number | null } | null;
  /** Placing an approved cart: marks its approval approved in the placing transaction, once. */
  approval?: { id: string; approvedBy: string };
  /** Placing an accepted quote (its lines carry their quoted prices); see `QuotedOrder`. */
  quote?: QuotedOrder;
  /** How back-ordered pieces ship; 'complete' unless the buyer chose otherwise. */
  shippingMode?: ShippingMode;
}

/**
 * An accepted quote as an order (docs/payments.md, "Quotes"): charged its freight, and tax at its
 * rate, at the total the buyer was shown; placed alone, in one transaction that first runs
 * `claim` (which locks the quote and throws unless it may still be accepted) and, once the order
 * is written, `accepted` (which links it to the quote), so a quote becomes at most one order.
 */
export interface QuotedOrder {
  freightCents: number;
  taxRateBp: number;
  expectedTotalCents: number;
  claim: (tx: Tx) => Promise<void>;
  accepted: (tx: Tx, placed: OrderRow) => Promise<void>;
}

/** The order is over the buyer's limit (per order, or the company's month): ask for approval. */
export class OverLimit extends Error {
  constructor(readonly limit: 'order' | 'month') {
    super(`over the buyer's ${limit} limit`);
  }
}

export interface PlaceOrderDeps {
  maxUnpaid: number;
  /** Shipping and tax, from the configuration. */
  shopTerms: ShopTerms;
  renderMail: RenderOrderMail;
  onLowStock: OnLowStock;
  /** SHOP_TIME_ZONE: the calendar day back-order promises are dated from. */
  timeZone: string;
}

/**
 * The tools can change between the read and the reservation; the placement is tried again then.
 * Back-orders change with every order of their tool (the queue grows, a batch fills), so a rush
 * on one tool crossing a batch's end needs a few more reads than stock alone did: measured with
 * 30 orders at once on two instances (backorders-processes.test.ts), 3 attempts left 2 refused.
 */
const PLACE_ATTEMPTS = 6;

/**
 * Places an order for the signed-in customer: every line reserved, or none (decision 015). The
 * lines' names, part numbers and prices come from the tools, never the client. Answers the order
 * as the API sends it.
 */
export async function placeOrder(
  db: Db,
  customer: Actor,
  input: PlaceOrderInput,
  deps: PlaceOrderDeps,
): Promise<Order> {
  const wanted = sumSameTool(input.lines);
  refuseUnknownIds(wanted);
  const delivery = {
    phone: input.phone,
    address: input.address,
    poNumber: input.poNumber ?? null,
    billTo: input.billTo ?? null,
    fromCart: !!input.fromCart,
    onAccount: !!input.onAccount,
    limits: input.limits ?? null,
    approval: input.approval ?? null,
    shippingMode: input.shippingMode ?? 'complete',
  };
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    const state = await readForOrder(
      db,
      wanted.map((l) => l.toolId),
      customer.id,
    );
    const today = dateIn(deps.timeZone, new Date(state.now));
    const priced = judgeLines(state, wanted, deps.maxUnpaid, today);
    const { quote } = input;
    const charges = quote
      ? confirmTotal(priced, (goods) => quoteOrderCharges(goods, quote), quote.expectedTotalCents)
      : confirmTotal(
          priced,
          (goods) =>
            orderCharges(
              goods,
              deps.shopTerms,
              extraShipments(
                delivery.shippingMode,
                priced.map((l) => ({ quantity: l.price.quantity, ...l.split })),
              ),
            ),
          input.fromCart?.expectedTotalCents,
        );
    const taxRate = {
      taxRateBasisPoints: quote ? quote.taxRateBp : deps.shopTerms.taxRateBasisPoints,
    };
    const { row, request } = composeOrder(
      customer,
      delivery,
      state,
      priced,
      charges,
      taxRate,
      deps,
      today,
    );
    const { placed, invoice } =
      input.onAccount || quote
        ? await placeAlone(db, request, row, input.onAccount?.invoice, quote)
        : { placed: await placeBatched(db, request), invoice: null };
    if (placed.outcome === 'too_many_unpaid') {
      throw conflict(orderMessages.tooManyUnpaid(deps.maxUnpaid));
    }
    if (placed.outcome === 'cart_changed') throw conflict(checkoutMessages.cartChanged);
    if (placed.outcome === 'no_terms') throw conflict(creditMessages.noTerms);
    if (placed.outcome === 'over_order_limit') throw new OverLimit('order');
    if (placed.outcome === 'over_monthly_limit') throw new OverLimit('month');
    if (placed.outcome === 'approval_taken') throw conflict(approvalMessages.decided('decided'));
    if (placed.outcome === 'over_credit') {
      const left = centsToDollars(Number(placed.credit_left_cents ?? 0));
      throw conflict(creditMessages.overCredit(formatUsd(left), formatCents(row.totalCents)));
    }
    // 'changed': a tool changed or its stock ran short since the read; read again.
    if (placed.outcome !== 'placed') continue;
    await afterCommit(db, placed.went_low, deps.onLowStock);
    return orderToJson({
      ...row,
      lines: asWritten(row.lines, placed.owed_lines),
      invoice: invoice
        ? {
            number: invoice.number,
            issuedAt: new Date(invoice.issuedAt),
            dueAt: invoice.dueAt ? new Date(invoice.dueAt) : null,
            paidAt: null,
          }
        : null,
      createdAt: new Date(placed.created_at ?? state.now),
    });
  }
  throw conflict(orderMessages.stockChangedRetry);
}

/**
 * The lines as placed: a back-ordered line is written as it stood under the lock (more from stock
 * or an earlier day than judged, never less), as the placement answers it.
 */
function asWritten(lines: OrderRow['lines'], owed: Placement['owed_lines']): OrderRow['lines'] {
  const written = new Map((owed ?? []).map((l) => [l.line_no, l]));
  return lines.map((line) => {
    const now = written.get(line.lineNo);
    if (!now) return { ...line, allocated: line.quantity, backordered: 0, promisedOn: null };
    return {
      ...line,
      allocated: now.allocated,
      backordered: line.quantity - now.allocated,
      promisedOn: now.promised_on,
    };
  });
}

/** A quote's goods with its freight, and tax at its rate on both (the contract's `quoteCharges`). */
function quoteOrderCharges(goodsCents: number, quote: QuotedOrder) {
  const charges = quoteCharges(
    [{ quantity: 1, unitPriceCents: goodsCents }],
    quote.freightCents,
    quote.taxRateBp,
  );
  return {
    goodsCents: charges.goodsCents,
    shippingCents: charges.freightCents,
    taxCents: charges.taxCents,
    totalCents: charges.totalCents,
  };
}

/**
 * An order placed alone (not group-committed), in one transaction with what must exist with it:
 * an order on account's invoice, so the credit it holds, the order and its invoice exist together
 * or not at all; an accepted quote's claim and link, so a quote becomes one order.
 */
async function placeAlone(
  db: Db,
  request: PlacementRequest,
  row: OrderRow,
  invoice: ((tx: Tx, placed: OrderRow) => Promise<InvoiceRef>) | undefined,
  quote: QuotedOrder | undefined,
): Promise<{ placed: Placement; invoice: InvoiceRef | null }> {
  return db.transaction(async (tx) => {
    await quote?.claim(tx);
    const [placed] = await placeBatchWith(tx)([request]);
    if (!placed) throw new Error('the placement gave no answer');
    if (placed.outcome !== 'placed') return { placed, invoice: null };
    const written = { ...row, createdAt: new Date(placed.created_at ?? Date.now()) };
    await quote?.accepted(tx, written);
    return { placed, invoice: invoice ? await invoice(tx, written) : null };
  });
}
