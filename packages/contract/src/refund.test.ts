import { describe, expect, it } from 'vitest';
import { orderCharges } from './charges.ts';
import {
  refundFigures,
  refundMessages,
  type RefundableOrder,
  type RefundedSoFar,
} from './refund-rules.ts';

// Three lines at 8.25 % tax: goods $60.50 + $7.50 shipping = $68.00, tax $5.61, total $73.61.
const lines = [
  { lineNo: 1, partNumber: 'VF-A', quantity: 3, unitPriceCents: 1000 },
  { lineNo: 2, partNumber: 'VF-B', quantity: 1, unitPriceCents: 2999 },
  { lineNo: 3, partNumber: 'VF-C', quantity: 1, unitPriceCents: 51 },
];
const charges = orderCharges(6050, {
  shippingFlatCents: 750,
  freeShippingOverCents: 7500,
  taxRateBasisPoints: 825,
});
const order: RefundableOrder = {
  lines,
  shippingCents: charges.shippingCents,
  taxRateBp: 825,
  totalCents: charges.totalCents,
};
const nothingYet: RefundedSoFar = { quantities: new Map(), shipping: false, totalCents: 0 };

/** Applies refunds one after the other, as the server records them. */
function refundInTurn(requests: Array<Parameters<typeof refundFigures>[2]>) {
  let before = nothingYet;
  const totals: number[] = [];
  for (const request of requests) {
    const figures = refundFigures(order, before, request);
    if ('problem' in figures) throw new Error(figures.problem);
    totals.push(figures.totalCents);
    const quantities = new Map(before.quantities);
    for (const l of figures.lines)
      quantities.set(l.lineNo, (quantities.get(l.lineNo) ?? 0) + l.quantity);
    before = {
      quantities,
      shipping: before.shipping || request.shipping,
      totalCents: before.totalCents + figures.totalCents,
    };
  }
  return totals;
}

describe('refundFigures', () => {
  it('refunds a line at its price with the order rate of tax', () => {
    expect(
      refundFigures(order, nothingYet, { lines: [{ lineNo: 2, quantity: 1 }], shipping: false }),
    ).toEqual({
      lines: [{ lineNo: 2, quantity: 1, amountCents: 2999 }],
      goodsCents: 2999,
      shippingCents: 0,
      taxCents: 247,
      totalCents: 3246,
    });
  });

  it('sums refunds made piece by piece to exactly what was captured', () => {
    expect(charges.totalCents).toBe(7361);
    const totals = refundInTurn([
      { lines: [{ lineNo: 1, quantity: 1 }], shipping: false },
      { lines: [{ lineNo: 1, quantity: 1 }], shipping: false },
      { lines: [{ lineNo: 3, quantity: 1 }], shipping: false },
      {
        lines: [
          { lineNo: 1, quantity: 1 },
          { lineNo: 2, quantity: 1 },
        ],
        shipping: true,
      },
    ]);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(7361);
  });

  it('takes what is left after an amount refunded earlier, never more', () => {
    const totals = refundInTurn([
      { lines: [], shipping: false, amount: 70 },
      { lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })), shipping: true },
    ]);
    expect(totals).toEqual([7000, 361]);
  });

  it('refuses what cannot be refunded, saying why', () => {
    const problem = (request: Parameters<typeof refundFigures>[2], before = nothingYet) => {
      const figures = refundFigures(order, before, request);
      return 'problem' in figures ? figures.problem : null;
    };
    expect(problem({ lines: [], shipping: false })).toBe(refundMessages.nothing);
    expect(problem({ lines: [{ lineNo: 9, quantity: 1 }], shipping: false })).toBe(
      refundMessages.unknownLine(9),
    );
    expect(problem({ lines: [{ lineNo: 1, quantity: 4 }], shipping: false })).toBe(
      refundMessages.tooMany('VF-A', 3),
    );
    expect(problem({ lines: [], shipping: false, amount: 73.62 })).toBe(
      refundMessages.amountOver(73.61),
    );
    expect(problem({ lines: [{ lineNo: 1, quantity: 1 }], shipping: false, amount: 1 })).toBe(
      refundMessages.amountAndLines,
    );
    const shipped = { quantities: new Map([[1, 3]]), shipping: true, totalCents: 4059 };
    expect(problem({ lines: [], shipping: true }, shipped)).toBe(refundMessages.shippingDone);
    expect(problem({ lines: [{ lineNo: 1, quantity: 1 }], shipping: false }, shipped)).toBe(
      refundMessages.tooMany('VF-A', 0),
    );
    const all = { quantities: new Map(), shipping: false, totalCents: 7361 };
    expect(problem({ lines: [], shipping: false, amount: 1 }, all)).toBe(
      refundMessages.fullyRefunded,
    );
  });

  it('splits a gross amount into net and tax at the order rate', () => {
    expect(
      refundFigures(order, nothingYet, { lines: [], shipping: false, amount: 10.83 }),
    ).toMatchObject({
      goodsCents: 1000,
      taxCents: 83,
      totalCents: 1083,
    });
  });
});
