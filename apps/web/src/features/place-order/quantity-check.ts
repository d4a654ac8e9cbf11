import { orderMessages } from '@voltforge/contract/order';
import {
  isOrderMultiple,
  priceLine,
  pricingMessages,
  type LinePrice,
  type Pricing,
} from '@voltforge/contract/pricing';

export type QuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; message: string; reason: 'min' | 'max' | 'whole' | 'multiple' };

/** What the quantity box is checked against: the tool's minimum and multiple, and the most on sale. */
export interface QuantityRules {
  min: number;
  max: number;
  multiple: number;
}

/** The quantity typed, empty meaning the minimum; NaN when it is not a number. */
function typedQuantity(raw: string, min: number): number {
  const text = raw.trim();
  return text === '' ? min : Number(text);
}

/**
 * The quantity rules for what is typed in the box: empty means the minimum; above the stock,
 * below the minimum or not a multiple of the packaging is refused with the contract's messages,
 * the same the server sends.
 */
export function checkQuantity(raw: string, { min, max, multiple }: QuantityRules): QuantityCheck {
  const quantity = typedQuantity(raw, min);
  if (!Number.isInteger(quantity)) {
    return { ok: false, reason: 'whole', message: orderMessages.quantityWhole };
  }
  if (quantity > max) return { ok: false, reason: 'max', message: orderMessages.maxQuantity(max) };
  if (quantity < min) return { ok: false, reason: 'min', message: orderMessages.minQuantity(min) };
  if (!isOrderMultiple({ orderMultiple: multiple }, quantity)) {
    return { ok: false, reason: 'multiple', message: pricingMessages.multiple(multiple) };
  }
  return { ok: true, quantity };
}

/**
 * The live price of what is typed, by the contract's pricing function (the one the server
 * charges by), or null while it is not a whole number.
 */
export function liveLine(raw: string, pricing: Pricing): LinePrice | null {
  const quantity = typedQuantity(raw, pricing.minOrderQuantity);
  if (!Number.isInteger(quantity) || quantity < 0) return null;
  return priceLine(pricing, quantity);
}
