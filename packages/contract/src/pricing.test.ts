import { describe, expect, it } from 'vitest';
import {
  breakTable,
  formatBreaks,
  isOrderMultiple,
  priceLine,
  pricingOf,
  pricingProblem,
  type Pricing,
} from './pricing.ts';

const multimeter: Pricing = {
  priceCents: 8950,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [
    { quantity: 25, unitPriceCents: 8400 },
    { quantity: 100, unitPriceCents: 7900 },
  ],
};

describe('priceLine', () => {
  it('prices each side of every break boundary', () => {
    const at = (q: number) => priceLine(multimeter, q).unitPriceCents;
    expect([at(2), at(24), at(25), at(26), at(99), at(100), at(10_000)]).toEqual([
      8950, 8950, 8400, 8400, 8400, 7900, 7900,
    ]);
  });

  it('totals in whole cents and says what the break saves', () => {
    expect(priceLine(multimeter, 24)).toEqual({
      quantity: 24,
      unitPriceCents: 8950,
      totalCents: 214_800,
      savingCents: 0,
    });
    expect(priceLine(multimeter, 100)).toEqual({
      quantity: 100,
      unitPriceCents: 7900,
      totalCents: 790_000,
      savingCents: 105_000,
    });
  });

  it('prices a tool without breaks at its base price', () => {
    const plain = { ...multimeter, priceBreaks: [] };
    expect(priceLine(plain, 1000)).toMatchObject({ unitPriceCents: 8950, savingCents: 0 });
  });
});

describe('pricingOf', () => {
  it('turns dollars into cents once, rounding half up, so 0.1 + 0.2 never drifts', () => {
    const pricing = pricingOf({
      price: 19.99,
      minOrderQuantity: 1,
      orderMultiple: 1,
      priceBreaks: [{ quantity: 3, price: 0.29 }],
    });
    expect(pricing).toEqual({
      priceCents: 1999,
      minOrderQuantity: 1,
      orderMultiple: 1,
      priceBreaks: [{ quantity: 3, unitPriceCents: 29 }],
    });
    expect(priceLine(pricing, 7).totalCents).toBe(203);
  });
});

describe('formatBreaks and breakTable', () => {
  it('start with the minimum at the base price', () => {
    expect(breakTable(multimeter)[0]).toEqual({ quantity: 2, unitPriceCents: 8950 });
    expect(formatBreaks(multimeter)).toBe('2+ $89.50 · 25+ $84.00 · 100+ $79.00');
    expect(
      formatBreaks({ ...multimeter, priceBreaks: [{ quantity: 1000, unitPriceCents: 7500 }] }),
    ).toBe('2+ $89.50 · 1,000+ $75.00');
  });
});

describe('pricingProblem', () => {
  it('accepts rising quantities with falling prices', () => {
    expect(pricingProblem(multimeter)).toBeNull();
  });

  it('names the break whose quantity does not rise', () => {
    expect(
      pricingProblem({ ...multimeter, priceBreaks: [{ quantity: 2, unitPriceCents: 8000 }] }),
    ).toBe('Price break 1 (2+): the quantity must be more than the minimum order quantity (2).');
    expect(
      pricingProblem({
        ...multimeter,
        priceBreaks: [
          { quantity: 25, unitPriceCents: 8400 },
          { quantity: 25, unitPriceCents: 8000 },
        ],
      }),
    ).toBe('Price break 2 (25+): the quantity must be more than that of break 1 (25).');
  });

  it('names the break whose price does not fall', () => {
    expect(
      pricingProblem({ ...multimeter, priceBreaks: [{ quantity: 25, unitPriceCents: 8950 }] }),
    ).toBe('Price break 1 (25+): the price must be less than the base price ($89.50).');
    expect(
      pricingProblem({
        ...multimeter,
        priceBreaks: [
          { quantity: 25, unitPriceCents: 8400 },
          { quantity: 100, unitPriceCents: 8500 },
        ],
      }),
    ).toBe('Price break 2 (100+): the price must be less than that of break 1 ($84.00).');
  });

  it('refuses a minimum that is not a multiple, and more than eight breaks', () => {
    expect(pricingProblem({ ...multimeter, orderMultiple: 5 })).toBe(
      'The minimum order quantity (2) must be a multiple of the order multiple (5).',
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({
      quantity: 10 * (i + 1),
      unitPriceCents: 8000 - i,
    }));
    expect(pricingProblem({ ...multimeter, priceBreaks: nine })).toBe(
      'A tool can have at most 8 price breaks.',
    );
  });
});

describe('isOrderMultiple', () => {
  it('accepts whole packs only', () => {
    const reel = { orderMultiple: 1000 };
    expect([999, 1000, 1999, 2000].map((q) => isOrderMultiple(reel, q))).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });
});
