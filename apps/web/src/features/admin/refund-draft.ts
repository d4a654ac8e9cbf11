import { dollarsToCents } from '@voltforge/contract/money';
import type { Order, OrderLine } from '@voltforge/contract/order';
import type { RefundRequestInput } from '@voltforge/contract/refund';
import {
  MAX_REFUND_REASON_LENGTH,
  refundFigures,
  refundMessages,
  type RefundableOrder,
  type RefundedSoFar,
  type RefundFigures,
} from '@voltforge/contract/refund-rules';

/*
 * The refund form's figures, from the order JSON: what is left to refund and what a refund would
 * return, by the contract's one `refundFigures`, as the server computes it under the order's lock.
 * Pending refunds count until they fail, as they do on the server.
 */

export type RefundMode = 'whole' | 'lines' | 'amount';

/** What the form holds, as typed. */
export interface RefundDraft {
  mode: RefundMode;
  /** Pieces to refund per line number, as typed ('' = none). */
  quantities: Readonly<Record<number, string>>;
  shipping: boolean;
  /** Dollars, as typed. */
  amount: string;
  reason: string;
  restock: boolean;
}

export const emptyDraft: RefundDraft = {
  mode: 'lines',
  quantities: {},
  shipping: false,
  amount: '',
  reason: '',
  restock: false,
};

/** The order as `refundFigures` takes it: cents, basis points, and line numbers (index + 1). */
export function refundableOf(order: Order): RefundableOrder {
  return {
    lines: order.lines.map((l, index) => ({
      lineNo: index + 1,
      partNumber: l.partNumber,
      quantity: l.quantity,
      unitPriceCents: dollarsToCents(l.unitPrice),
    })),
    shippingCents: dollarsToCents(order.shipping),
    taxRateBp: Math.round(order.taxRate * 100),
    totalCents: dollarsToCents(order.total),
  };
}

/** What the order's pending and succeeded refunds took. */
export function refundedSoFar(order: Pick<Order, 'refunds'>): RefundedSoFar {
  const quantities = new Map<number, number>();
  let shipping = false;
  let totalCents = 0;
  for (const r of order.refunds) {
    if (r.status === 'failed') continue;
    for (const l of r.lines) quantities.set(l.lineNo, (quantities.get(l.lineNo) ?? 0) + l.quantity);
    shipping ||= r.shipping;
    totalCents += dollarsToCents(r.amount);
  }
  return { quantities, shipping, totalCents };
}

/** What can still be refunded, in cents: the capture less every pending and succeeded refund. */
export const leftToRefundCents = (order: Order) =>
  Math.max(0, dollarsToCents(order.total) - refundedSoFar(order).totalCents);

export interface LineLeft {
  lineNo: number;
  line: OrderLine;
  /** Pieces that can still be refunded. */
  left: number;
}

export function linesLeft(order: Order): LineLeft[] {
  const before = refundedSoFar(order);
  return order.lines.map((line, index) => ({
    lineNo: index + 1,
    line,
    left: Math.max(0, line.quantity - (before.quantities.get(index + 1) ?? 0)),
  }));
}

/** The order paid shipping and no refund took it yet. */
export const shippingRefundable = (order: Order) =>
  order.shipping > 0 && !refundedSoFar(order).shipping;

/** Field keys of the form's errors: the reason, the amount, and `line-<lineNo>`. */
export const lineField = (lineNo: number) => `line-${lineNo}`;

export interface DraftCheck {
  /** Per field, what is wrong with it as typed. */
  fieldErrors: Record<string, string>;
  /** What the refund would return, when what is asked for is valid. */
  figures: RefundFigures | null;
  /** Why what is asked for cannot be refunded (refundFigures' reason), if it cannot. */
  problem: string | null;
  /** The request to send, when everything is valid. */
  body: RefundRequestInput | null;
}

const CENTS = /^\d+(\.\d{1,2})?$/;

/**
 * Checks the draft as the server's schema and `refundFigures` would, so that the form says what
 * is wrong before anything is sent, and builds the request the server takes.
 */
export function checkDraft(order: Order, draft: RefundDraft): DraftCheck {
  const fieldErrors: Record<string, string> = {};
  const reason = draft.reason.trim();
  if (!reason) fieldErrors.reason = refundMessages.reasonRequired;
  else if (reason.length > MAX_REFUND_REASON_LENGTH) {
    fieldErrors.reason = refundMessages.reasonTooLong;
  }

  let asked: Parameters<typeof refundFigures>[2] | null = null;
  let request: Omit<RefundRequestInput, 'reason'> | null = null;
  const restock = draft.restock && order.status !== 'cancelled';
  if (draft.mode === 'whole') {
    asked = { lines: [], shipping: false, whole: true };
    request = { whole: true, restock };
  } else if (draft.mode === 'lines') {
    const lines: Array<{ lineNo: number; quantity: number }> = [];
    let valid = true;
    for (const { lineNo, line, left } of linesLeft(order)) {
      const typed = (draft.quantities[lineNo] ?? '').trim();
      if (typed === '' || left === 0) continue;
      const quantity = Number(typed);
      if (!Number.isInteger(quantity) || quantity < 0) {
        fieldErrors[lineField(lineNo)] = 'Enter a whole number of pieces.';
        valid = false;
      } else if (quantity > left) {
        fieldErrors[lineField(lineNo)] = refundMessages.tooMany(line.partNumber, left);
        valid = false;
      } else if (quantity > 0) {
        lines.push({ lineNo, quantity });
      }
    }
    const shipping = draft.shipping && shippingRefundable(order);
    if (valid) {
      asked = { lines, shipping };
      request = { lines, shipping, restock: restock && lines.length > 0 };
    }
  } else {
    const typed = draft.amount.trim();
    const dollars = Number(typed);
    if (typed === '') fieldErrors.amount = 'Enter the amount to refund.';
    else if (!CENTS.test(typed) || !Number.isFinite(dollars)) {
      fieldErrors.amount = 'Enter the amount in dollars and cents, e.g. 12.50.';
    } else if (dollars <= 0) fieldErrors.amount = 'The amount must be more than 0';
    else {
      const amount = dollarsToCents(dollars) / 100;
      asked = { lines: [], shipping: false, amount };
      request = { amount };
    }
  }

  let figures: RefundFigures | null = null;
  let problem: string | null = null;
  if (asked) {
    const result = refundFigures(refundableOf(order), refundedSoFar(order), asked);
    if ('problem' in result) problem = result.problem;
    else figures = result;
  }
  // An amount over what is left is the amount field's fault.
  if (problem && draft.mode === 'amount') {
    fieldErrors.amount = problem;
    problem = null;
  }
  const body =
    request && figures && Object.keys(fieldErrors).length === 0 ? { ...request, reason } : null;
  return { fieldErrors, figures, problem, body };
}
