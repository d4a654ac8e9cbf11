import { dollarsToCents } from '@voltforge/contract/money';
import { orderMessages } from '@voltforge/contract/order';

export type QuantityCheck =
  { ok: true; quantity: number } | { ok: false; message: string; reason: 'min' | 'max' | 'whole' };

/**
 * The quantity rules for what is typed in the box: empty means the minimum; above the stock or
 * below the minimum is refused with the contract's messages, the same the server sends.
 */
export function checkQuantity(raw: string, min: number, max: number): QuantityCheck {
  const text = raw.trim();
  const quantity = text === '' ? min : Number(text);
  if (!Number.isInteger(quantity)) {
    return { ok: false, reason: 'whole', message: orderMessages.quantityWhole };
  }
  if (quantity > max) return { ok: false, reason: 'max', message: orderMessages.maxQuantity(max) };
  if (quantity < min) return { ok: false, reason: 'min', message: orderMessages.minQuantity(min) };
  return { ok: true, quantity };
}

/** The live total in cents for what is typed, or null while it is not a whole number. */
export function liveTotalCents(raw: string, min: number, unitPrice: number): number | null {
  const text = raw.trim();
  const quantity = text === '' ? min : Number(text);
  if (!Number.isInteger(quantity) || quantity < 0) return null;
  return dollarsToCents(unitPrice) * quantity;
}
