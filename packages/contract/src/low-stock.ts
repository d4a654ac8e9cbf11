import { isSoldOut } from './pricing.ts';

/** A tool without a threshold of its own runs low at this many of its minimum orders. */
export const DEFAULT_LOW_STOCK_MINIMUM_ORDERS = 2;

/** A tool's low-stock threshold when none was set: twice its minimum order quantity. */
export function defaultLowStockThreshold(minOrderQuantity: number): number {
  return DEFAULT_LOW_STOCK_MINIMUM_ORDERS * minOrderQuantity;
}

/** The threshold a tool runs low at: its own, or the default. */
export function lowStockThresholdOf(tool: {
  lowStockThreshold: number | null;
  minOrderQuantity: number;
}): number {
  return tool.lowStockThreshold ?? defaultLowStockThreshold(tool.minOrderQuantity);
}

export function isLowStock(tool: { inStock: number; lowStockThreshold: number }): boolean {
  return tool.inStock <= tool.lowStockThreshold;
}

export type StockLevel = 'out' | 'low' | 'ok';

/**
 * A tool's stock as every admin screen names it. Out of stock: fewer left than the smallest
 * order a buyer may place (so none too), as the catalogue shows it to buyers; low: at or below
 * the threshold but still orderable.
 */
export function stockLevel(tool: {
  inStock: number;
  minOrderQuantity: number;
  orderMultiple: number;
  lowStockThreshold: number;
}): StockLevel {
  if (isSoldOut(tool)) return 'out';
  return isLowStock(tool) ? 'low' : 'ok';
}

export const stockLevelLabels: Record<StockLevel, string> = {
  out: 'Out of stock',
  low: 'Low stock',
  ok: 'In stock',
};
