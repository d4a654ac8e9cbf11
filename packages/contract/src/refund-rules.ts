import { taxCents } from './charges.ts';
import { centsToDollars, formatUsd } from './money.ts';

/**
 * The refund rules and words, with the one function that computes a refund's figures: no zod, so
 * a page showing an order's refund state does not download the schemas (those are in refund.ts).
 */

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

export type RefundStatus = (typeof refundStatuses)[number];

export const MAX_REFUND_REASON_LENGTH = 500;

export const refundMessages = {
  cancelledByShop: 'The order was cancelled by the shop.',
  nothing: 'Choose what to refund: lines, shipping or an amount.',
  reasonRequired: 'Say why the order is refunded (the customer sees it on the credit note).',
  reasonTooLong: `The reason must be at most ${MAX_REFUND_REASON_LENGTH} characters.`,
  notPaid: 'Only a paid order can be refunded.',
  unknownLine: (lineNo: number) => `The order has no line ${lineNo}.`,
  tooMany: (partNumber: string, left: number) =>
    left === 0
      ? `${partNumber} is refunded in full already.`
      : `Only ${left} of ${partNumber} can still be refunded.`,
  shippingDone: 'The shipping is refunded already.',
  noShipping: 'This order shipped free: there is no shipping to refund.',
  amountOver: (left: number) => `That is more than can still be refunded (${formatUsd(left)}).`,
  amountAndLines: 'Refund either lines and shipping, or an amount, not both.',
  wholeAndParts: 'Refund either the whole order or chosen parts of it, not both.',
  fullyRefunded: 'This order is refunded in full already.',
  refundFailed: (message: string) => `The refund failed: ${message}`,
  providerNoAnswer:
    'The payment provider did not answer. The refund is pending: retry it in a moment (it will not be paid twice).',
  refunded: (amount: number, creditNote: string) =>
    `Refunded ${formatUsd(amount)}. Credit note ${creditNote} is on its way to the customer.`,
  refundNotFound: 'Refund not found.',
  notPending: 'Only a pending refund can be retried.',
} as const;

/** An order as refunds see it (cents). */
export interface RefundableOrder {
  lines: ReadonlyArray<{
    lineNo: number;
    partNumber: string;
    quantity: number;
    unitPriceCents: number;
  }>;
  shippingCents: number;
  taxRateBp: number;
  /** What was captured: the order's total. */
  totalCents: number;
}

/** What earlier refunds (pending or succeeded) took: they count until they fail. */
export interface RefundedSoFar {
  /** Pieces refunded per line number. */
  quantities: ReadonlyMap<number, number>;
  shipping: boolean;
  totalCents: number;
}

export interface RefundFigures {
  lines: Array<{ lineNo: number; quantity: number; amountCents: number }>;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** What goes back to the card: goods + shipping + tax. */
  totalCents: number;
}

/**
 * What a refund asks for, as the rules read it: lines (by line number) and shipping, or an amount
 * in dollars. The request schema (refund.ts) gives this shape; it is spelled here so the rules
 * need no zod.
 */
export interface RefundAsked {
  lines: ReadonlyArray<{ lineNo: number; quantity: number }>;
  shipping: boolean;
  amount?: number | undefined;
}

/**
 * The figures of a refund, or the reason it cannot be made. Lines are refunded at the price they
 * were bought at, shipping whole, tax at the order's rate on both (rounded once per refund, half
 * up, as the order's was). The refund that takes the last of everything takes exactly what is
 * left, so the refunds of an order sum to what was captured to the cent, never more. An amount
 * is gross: its tax is the part of it the order's rate accounts for.
 */
export function refundFigures(
  order: RefundableOrder,
  before: RefundedSoFar,
  asked: RefundAsked & { whole?: boolean },
): RefundFigures | { problem: string } {
  const leftCents = order.totalCents - before.totalCents;
  if (leftCents <= 0) return { problem: refundMessages.fullyRefunded };
  if (asked.whole && (asked.lines.length > 0 || asked.shipping || asked.amount !== undefined)) {
    return { problem: refundMessages.wholeAndParts };
  }
  const request: RefundAsked = asked.whole ? everythingLeft(order, before) : asked;
  if (request.amount !== undefined) {
    if (request.lines.length > 0 || request.shipping)
      return { problem: refundMessages.amountAndLines };
    const totalCents = Math.round(request.amount * 100);
    if (totalCents > leftCents)
      return { problem: refundMessages.amountOver(centsToDollars(leftCents)) };
    const netCents = netOf(totalCents, order.taxRateBp);
    return {
      lines: [],
      goodsCents: netCents,
      shippingCents: 0,
      taxCents: totalCents - netCents,
      totalCents,
    };
  }
  if (request.lines.length === 0 && !request.shipping) return { problem: refundMessages.nothing };
  const wanted = new Map<number, number>();
  for (const l of request.lines) wanted.set(l.lineNo, (wanted.get(l.lineNo) ?? 0) + l.quantity);
  const lines: RefundFigures['lines'] = [];
  for (const [lineNo, quantity] of wanted) {
    const line = order.lines.find((l) => l.lineNo === lineNo);
    if (!line) return { problem: refundMessages.unknownLine(lineNo) };
    const left = line.quantity - (before.quantities.get(lineNo) ?? 0);
    if (quantity > left) return { problem: refundMessages.tooMany(line.partNumber, left) };
    lines.push({ lineNo, quantity, amountCents: quantity * line.unitPriceCents });
  }
  if (request.shipping && before.shipping) return { problem: refundMessages.shippingDone };
  if (request.shipping && order.shippingCents === 0) return { problem: refundMessages.noShipping };
  const goodsCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const shippingCents = request.shipping ? order.shippingCents : 0;
  const takesTheRest =
    (before.shipping || request.shipping || order.shippingCents === 0) &&
    order.lines.every(
      (l) => (before.quantities.get(l.lineNo) ?? 0) + (wanted.get(l.lineNo) ?? 0) === l.quantity,
    );
  const tax = taxCents(goodsCents + shippingCents, order.taxRateBp);
  const computed = goodsCents + shippingCents + tax;
  // The refund that takes the last of everything takes exactly what is left: it absorbs the cents
  // that rounding each refund's tax moved, and what an amount refunded earlier already returned.
  if (!takesTheRest && computed > leftCents) {
    return { problem: refundMessages.amountOver(centsToDollars(leftCents)) };
  }
  const totalCents = takesTheRest ? leftCents : computed;
  const taxPart = totalCents === computed ? tax : totalCents - netOf(totalCents, order.taxRateBp);
  const shippingPart = Math.min(shippingCents, totalCents - taxPart);
  return {
    lines,
    goodsCents: totalCents - taxPart - shippingPart,
    shippingCents: shippingPart,
    taxCents: taxPart,
    totalCents,
  };
}

/** A request for every line's remaining pieces and the shipping, if not refunded yet. */
function everythingLeft(
  order: RefundableOrder,
  before: RefundedSoFar,
): Omit<RefundAsked, 'amount'> {
  return {
    lines: order.lines.flatMap((l) => {
      const left = l.quantity - (before.quantities.get(l.lineNo) ?? 0);
      return left > 0 ? [{ lineNo: l.lineNo, quantity: left }] : [];
    }),
    shipping: !before.shipping && order.shippingCents > 0,
  };
}

/** The part of a gross amount before tax at this rate, rounded half up. */
function netOf(grossCents: number, rateBasisPoints: number): number {
  return Math.round((grossCents * 10_000) / (10_000 + rateBasisPoints));
}

/** "Refunded", "Partially refunded" or null, from what was refunded of what was captured. */
export function refundState(refundedCents: number, capturedCents: number): string | null {
  if (refundedCents <= 0) return null;
  return refundedCents >= capturedCents ? 'Refunded' : 'Partially refunded';
}
