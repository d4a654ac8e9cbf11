import { describe, expect, it } from 'vitest';
import { checkQuantity, liveTotalCents } from './quantity-check';

describe('checkQuantity', () => {
  it('takes an empty box as the minimum', () => {
    expect(checkQuantity('', 4, 10)).toEqual({ ok: true, quantity: 4 });
    expect(checkQuantity('  ', 4, 10)).toEqual({ ok: true, quantity: 4 });
  });

  it('accepts the minimum, the stock and anything between', () => {
    expect(checkQuantity('4', 4, 10)).toEqual({ ok: true, quantity: 4 });
    expect(checkQuantity('10', 4, 10)).toEqual({ ok: true, quantity: 10 });
  });

  it("refuses below the minimum with the spec's message", () => {
    expect(checkQuantity('3', 4, 10)).toEqual({
      ok: false,
      reason: 'min',
      message: 'Minimum Order Quantity 4 pcs.',
    });
    expect(checkQuantity('-1', 4, 10)).toMatchObject({ reason: 'min' });
  });

  it("refuses above the stock with the spec's message", () => {
    expect(checkQuantity('11', 4, 10)).toEqual({
      ok: false,
      reason: 'max',
      message: 'Maximum Order Quantity 10 pcs.',
    });
    expect(checkQuantity('1e9', 4, 10)).toMatchObject({ reason: 'max' });
  });

  it('refuses anything that is not a whole number', () => {
    expect(checkQuantity('4.5', 4, 10)).toMatchObject({ ok: false, reason: 'whole' });
    expect(checkQuantity('abc', 4, 10)).toMatchObject({ ok: false, reason: 'whole' });
  });
});

describe('liveTotalCents', () => {
  it('multiplies in cents, so money never drifts', () => {
    expect(liveTotalCents('3', 1, 0.1)).toBe(30);
    expect(liveTotalCents('7', 1, 19.99)).toBe(13_993);
  });

  it('uses the minimum for an empty box and gives up on a non-number', () => {
    expect(liveTotalCents('', 4, 2.5)).toBe(1000);
    expect(liveTotalCents('2.5', 4, 2.5)).toBeNull();
  });
});
