import { describe, expect, it } from 'vitest';
import { DEFAULT_LOW_STOCK_MINIMUM_ORDERS, lowStockThresholdOf, stockLevel } from './low-stock.ts';
import { MAX_ORDER_QUANTITY } from './order-rules.ts';
import { isSoldOut } from './pricing.ts';
import { largestOrderable, mostOrderable } from './quantity-rules.ts';

// The stock rules every screen and the server share, each defined once.
describe('the stock rules', () => {
  it('calls a tool sold out when not even its smallest order is in stock, in whole packs', () => {
    expect(isSoldOut({ inStock: 0, minOrderQuantity: 1, orderMultiple: 1 })).toBe(true);
    expect(isSoldOut({ inStock: 19, minOrderQuantity: 20, orderMultiple: 20 })).toBe(true);
    expect(isSoldOut({ inStock: 20, minOrderQuantity: 20, orderMultiple: 20 })).toBe(false);
    expect(isSoldOut({ inStock: 39, minOrderQuantity: 20, orderMultiple: 20 })).toBe(false);
    // The same answer as "the most that can be ordered is nothing", for every small stock.
    for (let inStock = 0; inStock < 60; inStock++) {
      const tool = { inStock, minOrderQuantity: 10, orderMultiple: 5 };
      expect(isSoldOut(tool)).toBe(largestOrderable(tool, inStock) === 0);
    }
  });

  it('caps the most one order holds at the largest order the shop takes', () => {
    expect(mostOrderable({ inStock: 7 })).toBe(7);
    expect(mostOrderable({ inStock: MAX_ORDER_QUANTITY + 5 })).toBe(MAX_ORDER_QUANTITY);
  });

  it("runs low at the tool's own threshold, or at twice its minimum order", () => {
    expect(lowStockThresholdOf({ lowStockThreshold: 30, minOrderQuantity: 4 })).toBe(30);
    expect(lowStockThresholdOf({ lowStockThreshold: null, minOrderQuantity: 4 })).toBe(
      DEFAULT_LOW_STOCK_MINIMUM_ORDERS * 4,
    );
    const tool = { minOrderQuantity: 4, orderMultiple: 2, lowStockThreshold: 8 };
    expect(stockLevel({ ...tool, inStock: 3 })).toBe('out');
    expect(stockLevel({ ...tool, inStock: 8 })).toBe('low');
    expect(stockLevel({ ...tool, inStock: 9 })).toBe('ok');
  });
});
