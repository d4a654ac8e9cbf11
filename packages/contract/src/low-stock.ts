/** A tool's low-stock threshold when none was set: twice its minimum order quantity. */
export function defaultLowStockThreshold(minOrderQuantity: number): number {
  return 2 * minOrderQuantity;
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
  lowStockThreshold: number;
}): StockLevel {
  if (tool.inStock < 1 || tool.inStock < tool.minOrderQuantity) return 'out';
  return isLowStock(tool) ? 'low' : 'ok';
}

export const stockLevelLabels: Record<StockLevel, string> = {
  out: 'Out of stock',
  low: 'Low stock',
  ok: 'In stock',
};
