import { refundMessages } from '@voltforge/contract/refund-rules';
import { describe, expect, it } from 'vitest';
import { paidOrder, refundOf, withRefunds } from '../../test/refund-orders';
import {
  checkDraft,
  emptyDraft,
  leftToRefundCents,
  linesLeft,
  refundableOf,
  shippingRefundable,
} from './refund-draft';

describe('refund draft', () => {
  it('reads the order JSON as refundFigures takes it: line numbers, cents, basis points', () => {
    expect(refundableOf(paidOrder)).toEqual({
      lines: [
        { lineNo: 1, partNumber: 'VF-A', quantity: 3, unitPriceCents: 1000 },
        { lineNo: 2, partNumber: 'VF-B', quantity: 2, unitPriceCents: 500 },
      ],
      shippingCents: 750,
      taxRateBp: 825,
      totalCents: 5142,
    });
  });

  it('counts pending and succeeded refunds as taken, failed ones not', () => {
    const order = withRefunds(paidOrder, [
      refundOf(),
      refundOf({ id: 'r2', status: 'pending', creditNote: null, shipping: true, lines: [] }),
      refundOf({
        id: 'r3',
        status: 'failed',
        creditNote: null,
        lines: [{ lineNo: 2, quantity: 2 }],
      }),
    ]);
    expect(linesLeft(order).map((l) => l.left)).toEqual([2, 2]);
    expect(shippingRefundable(order)).toBe(false);
    expect(leftToRefundCents(order)).toBe(5142 - 1083 - 1083);
  });

  it('builds each mode’s request, with the figures the server will compute', () => {
    const reason = '  Arrived damaged ';
    const lines = checkDraft(paidOrder, {
      ...emptyDraft,
      quantities: { 1: '1' },
      restock: true,
      reason,
    });
    expect(lines.body).toEqual({
      lines: [{ lineNo: 1, quantity: 1 }],
      shipping: false,
      restock: true,
      reason: 'Arrived damaged',
    });
    expect(lines.figures?.totalCents).toBe(1083);

    const whole = checkDraft(paidOrder, { ...emptyDraft, mode: 'whole', reason });
    expect(whole.body).toEqual({ whole: true, restock: false, reason: 'Arrived damaged' });
    expect(whole.figures?.totalCents).toBe(5142);

    const amount = checkDraft(paidOrder, { ...emptyDraft, mode: 'amount', amount: '12.5', reason });
    expect(amount.body).toEqual({ amount: 12.5, reason: 'Arrived damaged' });

    const shipping = checkDraft(paidOrder, { ...emptyDraft, shipping: true, reason });
    expect(shipping.body).toMatchObject({ lines: [], shipping: true });
    expect(shipping.figures?.totalCents).toBe(812);
  });

  it('says what is wrong before anything is sent', () => {
    expect(checkDraft(paidOrder, emptyDraft)).toMatchObject({
      body: null,
      problem: refundMessages.nothing,
      fieldErrors: { reason: refundMessages.reasonRequired },
    });
    expect(
      checkDraft(paidOrder, { ...emptyDraft, quantities: { 1: '4' }, reason: 'x' }).fieldErrors,
    ).toEqual({ 'line-1': refundMessages.tooMany('VF-A', 3) });
    expect(
      checkDraft(paidOrder, { ...emptyDraft, quantities: { 2: '1.5' }, reason: 'x' }).fieldErrors,
    ).toEqual({ 'line-2': 'Enter a whole number of pieces.' });
    expect(
      checkDraft(paidOrder, { ...emptyDraft, mode: 'amount', amount: '51.43', reason: 'x' })
        .fieldErrors,
    ).toEqual({ amount: refundMessages.amountOver(51.42) });
    expect(
      checkDraft(paidOrder, { ...emptyDraft, mode: 'amount', amount: '1.234', reason: 'x' })
        .fieldErrors.amount,
    ).toMatch(/dollars and cents/);
    expect(
      checkDraft(paidOrder, { ...emptyDraft, mode: 'whole', reason: 'x'.repeat(501) }).fieldErrors,
    ).toEqual({ reason: refundMessages.reasonTooLong });
  });

  it('never restocks a cancelled order: its stock went back when it was cancelled', () => {
    const cancelled = { ...paidOrder, status: 'cancelled' as const };
    expect(
      checkDraft(cancelled, { ...emptyDraft, quantities: { 1: '1' }, restock: true, reason: 'x' })
        .body,
    ).toMatchObject({ restock: false });
  });
});
