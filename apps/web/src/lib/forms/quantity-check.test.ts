import { describe, expect, it } from 'vitest';
import { checkQuantity, liveLine } from './quantity-check';

const rules = { min: 4, max: 10, multiple: 1 };

describe('checkQuantity', () => {
  it('takes an empty box as the minimum', () => {
    expect(checkQuantity('', rules)).toEqual({ ok: true, quantity: 4 });
    expect(checkQuantity('  ', rules)).toEqual({ ok: true, quantity: 4 });
  });

  it('accepts the minimum, the stock and anything between', () => {
    expect(checkQuantity('4', rules)).toEqual({ ok: true, quantity: 4 });
    expect(checkQuantity('10', rules)).toEqual({ ok: true, quantity: 10 });
  });

  it("refuses below the minimum with the spec's message", () => {
    expect(checkQuantity('3', rules)).toEqual({
      ok: false,
      reason: 'min',
      message: 'Minimum Order Quantity 4 pcs.',
    });
    expect(checkQuantity('-1', rules)).toMatchObject({ reason: 'min' });
  });

  it("refuses above the stock with the spec's message", () => {
    expect(checkQuantity('11', rules)).toEqual({
      ok: false,
      reason: 'max',
      message: 'Maximum Order Quantity 10 pcs.',
    });
    expect(checkQuantity('1e9', rules)).toMatchObject({ reason: 'max' });
  });

  it('refuses anything that is not a whole number', () => {
    expect(checkQuantity('4.5', rules)).toMatchObject({ ok: false, reason: 'whole' });
    expect(checkQuantity('abc', rules)).toMatchObject({ ok: false, reason: 'whole' });
  });

  it('refuses a quantity that is not a multiple of the packaging', () => {
    const reel = { min: 1000, max: 5000, multiple: 1000 };
    expect(checkQuantity('1999', reel)).toEqual({
      ok: false,
      reason: 'multiple',
      message: 'Order in multiples of 1000 pcs.',
    });
    expect(checkQuantity('2000', reel)).toEqual({ ok: true, quantity: 2000 });
    expect(checkQuantity('', reel)).toEqual({ ok: true, quantity: 1000 });
  });
});

describe('liveLine', () => {
  const pricing = {
    priceCents: 8950,
    minOrderQuantity: 2,
    orderMultiple: 1,
    priceBreaks: [
      { quantity: 25, unitPriceCents: 8400 },
      { quantity: 100, unitPriceCents: 7900 },
    ],
  };

  it('prices the typed quantity at its break, in cents', () => {
    expect(liveLine('24', pricing)).toEqual({
      quantity: 24,
      unitPriceCents: 8950,
      totalCents: 214_800,
      savingCents: 0,
    });
    expect(liveLine('25', pricing)).toMatchObject({ unitPriceCents: 8400, totalCents: 210_000 });
    expect(liveLine('25', pricing)?.savingCents).toBe(13_750);
  });

  it('uses the minimum for an empty box and gives up on a non-number', () => {
    expect(liveLine('', pricing)?.totalCents).toBe(17_900);
    expect(liveLine('2.5', pricing)).toBeNull();
  });
});
