import { describe, expect, it } from 'vitest';
import {
  expandDesignators,
  isFormula,
  neededFor,
  orderableQuantity,
  projectMessages,
} from './project-rules.ts';
import { nextBreakSuggestion, pricingMessages, type Pricing } from './pricing.ts';

describe('reference designators', () => {
  it('expands ranges and lists, each once, in the order written', () => {
    expect(expandDesignators('R1, R4-R7')).toEqual({
      ok: true,
      designators: ['R1', 'R4', 'R5', 'R6', 'R7'],
    });
    expect(expandDesignators('c4;c5 C4  u1')).toEqual({
      ok: true,
      designators: ['C4', 'C5', 'U1'],
    });
    expect(expandDesignators('')).toEqual({ ok: true, designators: [] });
  });

  it('refuses a range written backwards or across letters, naming it', () => {
    expect(expandDesignators('R1, R7-R4')).toEqual({
      ok: false,
      message: projectMessages.designatorRange('R7-R4'),
    });
    expect(expandDesignators('R1-C4')).toEqual({
      ok: false,
      message: projectMessages.designatorRange('R1-C4'),
    });
  });

  it('refuses a range too long to be one board, and text that is no designator', () => {
    expect(expandDesignators('R1-R100000')).toEqual({
      ok: false,
      message: projectMessages.designatorRangeTooLong('R1-R100000'),
    });
    expect(expandDesignators('R1, 10k')).toEqual({
      ok: false,
      message: projectMessages.designator('10k'),
    });
  });
});

describe('what a line needs for N builds', () => {
  it('is ceil(per board × boards × (1 + attrition)), exactly', () => {
    expect(neededFor(10, 3, 1_000)).toBe(33);
    expect(neededFor(2, 5, 0)).toBe(10);
    expect(neededFor(1, 7, 250)).toBe(8);
    expect(neededFor(100_000, 100_000, 10_000)).toBe(20_000_000_000);
  });

  it('is rounded up to the minimum, then to whole packs', () => {
    expect(orderableQuantity({ minOrderQuantity: 25, orderMultiple: 5 }, 3)).toBe(25);
    expect(orderableQuantity({ minOrderQuantity: 10, orderMultiple: 10 }, 33)).toBe(40);
    expect(orderableQuantity({ minOrderQuantity: 1, orderMultiple: 1 }, 7)).toBe(7);
  });
});

describe('the next price break', () => {
  const pricing: Pricing = {
    priceCents: 100,
    minOrderQuantity: 1,
    orderMultiple: 1,
    priceBreaks: [
      { quantity: 100, unitPriceCents: 80 },
      { quantity: 1_000, unitPriceCents: 60 },
    ],
  };

  it('offers buying up to a break when that costs less, with the saving', () => {
    // 90 × $1.00 = $90.00; 100 × $0.80 = $80.00.
    expect(nextBreakSuggestion(pricing, 90)).toEqual({
      quantity: 100,
      totalCents: 8_000,
      savingCents: 1_000,
    });
    expect(pricingMessages.nextBreak(100, 90, 1_000)).toBe('Buy 100 instead of 90: $10.00 less.');
  });

  it('offers nothing when the break costs more, or when there is none above', () => {
    expect(nextBreakSuggestion(pricing, 50)).toBeNull();
    expect(nextBreakSuggestion(pricing, 1_000)).toBeNull();
  });
});

describe('formulas in cells', () => {
  it('refuses what a spreadsheet would run, not negative numbers', () => {
    expect(isFormula('=HYPERLINK("http://x")')).toBe(true);
    expect(isFormula('@SUM(A1)')).toBe(true);
    expect(isFormula('+cmd')).toBe(true);
    expect(isFormula('-2')).toBe(false);
    expect(isFormula('VF-DM200')).toBe(false);
  });
});
