import { describe, expect, it } from 'vitest';
import {
  chargeTexts,
  orderCharges,
  shopTermsFromJson,
  shopTermsToJson,
  taxCents,
  type ShopTerms,
} from './charges.ts';

const defaults: ShopTerms = {
  shippingFlatCents: 750,
  freeShippingOverCents: 7500,
  taxRateBasisPoints: 0,
};

describe('orderCharges', () => {
  it('charges the flat rate up to and including the threshold, free strictly over it', () => {
    expect(orderCharges(7499, defaults)).toEqual({
      goodsCents: 7499,
      shippingCents: 750,
      taxCents: 0,
      totalCents: 8249,
    });
    expect(orderCharges(7500, defaults).shippingCents).toBe(750);
    expect(orderCharges(7501, defaults)).toEqual({
      goodsCents: 7501,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 7501,
    });
  });

  it('charges an empty cart nothing', () => {
    expect(orderCharges(0, { ...defaults, taxRateBasisPoints: 825 }).totalCents).toBe(0);
  });

  it('ships everything free at a flat rate of 0 and nothing free without a threshold', () => {
    expect(orderCharges(100, { ...defaults, shippingFlatCents: 0 }).shippingCents).toBe(0);
    expect(
      orderCharges(1_000_000, { ...defaults, freeShippingOverCents: null }).shippingCents,
    ).toBe(750);
  });

  it('taxes goods and shipping together, rounding once, half up', () => {
    const terms = { ...defaults, taxRateBasisPoints: 825 };
    // (19.99 + 7.50) × 8.25 % = 2.2679… → 2.27
    expect(orderCharges(1999, terms)).toEqual({
      goodsCents: 1999,
      shippingCents: 750,
      taxCents: 227,
      totalCents: 2976,
    });
    // Three lines of 0.10 taxed per line at 5 % would be 3 × 0.01 (each 0.005 rounded up);
    // once on the order it is 0.015 → 0.02.
    expect(taxCents(30, 500)).toBe(2);
    expect(taxCents(10, 500)).toBe(1);
    expect(taxCents(9, 500)).toBe(0);
  });

  it('keeps Σ = total to the cent for large orders and every rate', () => {
    for (const bp of [0, 1, 500, 825, 1999, 2000, 2500]) {
      for (const goods of [1, 7500, 7501, 123_456_789, 2_000_000_000]) {
        const c = orderCharges(goods, { ...defaults, taxRateBasisPoints: bp });
        expect(Number.isInteger(c.taxCents)).toBe(true);
        expect(c.goodsCents + c.shippingCents + c.taxCents).toBe(c.totalCents);
      }
    }
  });
});

describe('shop terms', () => {
  it('travel as dollars and percent and come back the same', () => {
    const terms = {
      shippingFlatCents: 750,
      freeShippingOverCents: 7500,
      taxRateBasisPoints: 825,
      extraShipmentCents: 1200,
    };
    expect(shopTermsToJson(terms)).toEqual({
      shippingFlatRate: 7.5,
      freeShippingOver: 75,
      taxRate: 8.25,
      extraShipmentRate: 12,
    });
    expect(shopTermsFromJson(shopTermsToJson(terms))).toEqual(terms);
  });

  it('word the promise and the distance to free shipping from the settings', () => {
    expect(chargeTexts.promise(defaults)).toBe('On orders over $75.00, anywhere we deliver.');
    expect(chargeTexts.promise({ ...defaults, freeShippingOverCents: 10_000 })).toBe(
      'On orders over $100.00, anywhere we deliver.',
    );
    expect(chargeTexts.untilFree(7000, defaults)).toBe('Add $5.01 more for free shipping.');
    expect(chargeTexts.untilFree(7501, defaults)).toBeNull();
  });
});
