import { orderMessages } from '@voltforge/contract/order-rules';
import { priceLine, type LinePrice, type Pricing } from '@voltforge/contract/pricing';
import { quantityProblem, type QuantityProblem } from '@voltforge/contract/quantity-rules';

const reasons = {
  below_minimum: 'min',
  not_multiple: 'multiple',
  over_stock: 'max',
} as const satisfies Record<QuantityProblem['kind'], string>;

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
  // The form names the maximum first; below it, the contract's rules (minimum, then packs).
  if (quantity > max) return { ok: false, reason: 'max', message: orderMessages.maxQuantity(max) };
  const problem = quantityProblem(
    { minOrderQuantity: min, orderMultiple: multiple, inStock: max },
    quantity,
  );
  if (problem) return { ok: false, reason: reasons[problem.kind], message: problem.message };
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
