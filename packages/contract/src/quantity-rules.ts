import { MAX_ORDER_QUANTITY, orderMessages } from './order-rules.ts';
import { isOrderMultiple, pricingMessages } from './pricing.ts';

/*
 * The order form's quantity rules for a line of a cart or a quick order. Apart from pricing.ts,
 * which the catalogue's cards load, because the order messages come with the order schemas.
 */
/** What the quantity rules need of a tool. */
export interface Orderable {
  minOrderQuantity: number;
  orderMultiple: number;
  inStock: number;
  /** Sold beyond its stock (a back-order, dated by availability.ts): stock is no limit. */
  backorderable?: boolean;
}

export interface QuantityProblem {
  kind: 'below_minimum' | 'not_multiple' | 'over_stock';
  /** 400 for a quantity that can never be ordered, 409 for one the stock cannot cover now. */
  status: 400 | 409;
  message: string;
}

/**
 * The quantity rules of the order form for a line of a cart or a quick order: at least the
 * minimum, whole packs, at most what is in stock (and the most one order may hold); the first
 * one broken, with the order form's message, or null.
 */
export function quantityProblem(tool: Orderable, quantity: number): QuantityProblem | null {
  if (quantity < tool.minOrderQuantity) {
    const message = orderMessages.minQuantity(tool.minOrderQuantity);
    return { kind: 'below_minimum', status: 400, message };
  }
  if (!isOrderMultiple(tool, quantity)) {
    const message = pricingMessages.multiple(tool.orderMultiple);
    return { kind: 'not_multiple', status: 400, message };
  }
  const max = mostOrderable(tool);
  if (quantity > max) {
    return { kind: 'over_stock', status: 409, message: orderMessages.maxQuantity(max) };
  }
  return null;
}

/**
 * The most of a tool one order may hold, as the order form's maximum says it: its stock, capped
 * at the largest quantity an order takes.
 */
export function mostOrderable(tool: Pick<Orderable, 'inStock' | 'backorderable'>): number {
  return tool.backorderable ? MAX_ORDER_QUANTITY : Math.min(tool.inStock, MAX_ORDER_QUANTITY);
}

/**
 * The most of a tool that can be ordered at once and is at most `wanted`: the stock rounded down
 * to whole packs; 0 when not even the minimum can be had.
 */
export function largestOrderable(tool: Orderable, wanted: number): number {
  const cap = Math.min(wanted, mostOrderable(tool));
  const packs = cap - (cap % tool.orderMultiple);
  return packs >= tool.minOrderQuantity ? packs : 0;
}
