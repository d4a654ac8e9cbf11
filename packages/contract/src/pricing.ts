import { formatCount } from './format-number.ts';
import { dollarsToCents, formatCents } from './money.ts';

/**
 * Price breaks and order multiples: the one pricing function of the shop (docs/architecture.md,
 * "Pricing"). The server prices every order line with it from the database's figures; the web
 * shows live totals with it. Money is integer cents throughout: a unit price is a whole number of
 * cents, a line total is unit price × quantity and a total is a sum of line totals, so nothing is
 * ever rounded after a price is entered (dollars become cents once, rounded half up, at the edge).
 */

/** From `quantity` pieces on, each costs `unitPriceCents`. */
export interface PriceBreak {
  quantity: number;
  unitPriceCents: number;
}

/** What pricing needs of a tool, in cents. `priceBreaks` are those beyond the base price. */
export interface Pricing {
  priceCents: number;
  minOrderQuantity: number;
  orderMultiple: number;
  priceBreaks: readonly PriceBreak[];
}

/** The most price breaks a tool may have beyond its base price. */
export const MAX_PRICE_BREAKS = 8;

/** A tool as the API sends it (price and breaks in dollars). */
export interface PricedTool {
  price: number;
  minOrderQuantity: number;
  orderMultiple: number;
  priceBreaks: readonly { quantity: number; price: number }[];
}

/** Breaks as the API, the forms and the CSV write them (dollars) as pricing keeps them (cents). */
export function breaksInCents(breaks: PricedTool['priceBreaks']): PriceBreak[] {
  return breaks.map((b) => ({ quantity: b.quantity, unitPriceCents: dollarsToCents(b.price) }));
}

/** The API's tool (dollars) as pricing takes it (cents). */
export function pricingOf(tool: PricedTool): Pricing {
  return {
    priceCents: dollarsToCents(tool.price),
    minOrderQuantity: tool.minOrderQuantity,
    orderMultiple: tool.orderMultiple,
    priceBreaks: breaksInCents(tool.priceBreaks),
  };
}

/** Every break including the base one (the minimum order quantity at the base price), rising. */
export function breakTable(pricing: Pricing): PriceBreak[] {
  return [
    { quantity: pricing.minOrderQuantity, unitPriceCents: pricing.priceCents },
    ...pricing.priceBreaks,
  ];
}

export interface LinePrice {
  quantity: number;
  /** The unit price at this quantity: that of the highest break the quantity reaches. */
  unitPriceCents: number;
  totalCents: number;
  /** What the breaks save against the base price at this quantity (0 below the first break). */
  savingCents: number;
}

/** The price of `quantity` pieces of a tool. */
export function priceLine(pricing: Pricing, quantity: number): LinePrice {
  let unitPriceCents = pricing.priceCents;
  for (const b of pricing.priceBreaks) {
    if (quantity >= b.quantity) unitPriceCents = b.unitPriceCents;
  }
  return {
    quantity,
    unitPriceCents,
    totalCents: unitPriceCents * quantity,
    savingCents: (pricing.priceCents - unitPriceCents) * quantity,
  };
}

/** "2+ $89.50 · 25+ $84.00 · 100+ $79.00": the break table as tool cards and pages show it. */
export function formatBreaks(pricing: Pricing): string {
  return breakTable(pricing)
    .map((b) => `${formatCount(b.quantity)}+ ${formatCents(b.unitPriceCents)}`)
    .join(' · ');
}

export const pricingMessages = {
  /** A larger quantity at a break that costs no more (`nextBreakSuggestion`). */
  nextBreak: (quantity: number, from: number, savingCents: number) =>
    savingCents > 0
      ? `Buy ${formatCount(quantity)} instead of ${formatCount(from)}: ${formatCents(savingCents)} less.`
      : `Buy ${formatCount(quantity)} instead of ${formatCount(from)} for the same price.`,
  multiple: (n: number) => `Order in multiples of ${n} pcs.`,
  tooManyBreaks: `A tool can have at most ${MAX_PRICE_BREAKS} price breaks.`,
  breakQuantity: (i: number, quantity: number, floor: number, first: boolean) =>
    `Price break ${i} (${quantity}+): the quantity must be more than ${first ? `the minimum order quantity (${floor})` : `that of break ${i - 1} (${floor})`}.`,
  breakPrice: (i: number, quantity: number, ceiling: number, first: boolean) =>
    `Price break ${i} (${quantity}+): the price must be less than ${first ? 'the base price' : `that of break ${i - 1}`} (${formatCents(ceiling)}).`,
  minNotMultiple: (min: number, multiple: number) =>
    `The minimum order quantity (${min}) must be a multiple of the order multiple (${multiple}).`,
} as const;

/**
 * What is wrong with a tool's breaks and multiple, the first problem found, or null: breaks must
 * have rising quantities (above the minimum order quantity) and falling prices (below the base
 * price), and the minimum order quantity must be a multiple of the order multiple, or no quantity
 * at the minimum could be ordered.
 */
export function pricingProblem(pricing: Pricing): string | null {
  if (pricing.priceBreaks.length > MAX_PRICE_BREAKS) return pricingMessages.tooManyBreaks;
  let floor = pricing.minOrderQuantity;
  let ceiling = pricing.priceCents;
  for (const [index, b] of pricing.priceBreaks.entries()) {
    const i = index + 1;
    if (b.quantity <= floor) return pricingMessages.breakQuantity(i, b.quantity, floor, i === 1);
    if (b.unitPriceCents >= ceiling) {
      return pricingMessages.breakPrice(i, b.quantity, ceiling, i === 1);
    }
    floor = b.quantity;
    ceiling = b.unitPriceCents;
  }
  if (pricing.minOrderQuantity % pricing.orderMultiple !== 0) {
    return pricingMessages.minNotMultiple(pricing.minOrderQuantity, pricing.orderMultiple);
  }
  return null;
}

/** True when `quantity` can be ordered in the tool's packaging. */
export function isOrderMultiple(
  pricing: Pick<Pricing, 'orderMultiple'>,
  quantity: number,
): boolean {
  return quantity % pricing.orderMultiple === 0;
}

/**
 * Sold out: the stock, in whole packs, is below the smallest order a buyer may place, so none can
 * be ordered. The one definition the catalogue, the order form, the cart, the server and the
 * admin's stock level use.
 */
export function isSoldOut(
  tool: Pick<Pricing, 'minOrderQuantity' | 'orderMultiple'> & {
    inStock: number;
    backorderable?: boolean;
  },
): boolean {
  if (tool.backorderable) return false;
  const packs = tool.inStock - (tool.inStock % tool.orderMultiple);
  return packs < tool.minOrderQuantity;
}

/** The goods total of an order or a cart: the sum of its lines' totals, each from `priceLine`. */
export function linesTotalCents(lines: ReadonlyArray<Pick<LinePrice, 'totalCents'>>): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/** Buying more to reach a price break: how many, and what it saves against buying `quantity`. */
export interface BreakSuggestion {
  quantity: number;
  totalCents: number;
  savingCents: number;
}

/**
 * The cheapest quantity above `quantity` whose total at its break costs no more than `quantity`
 * does at its own (more parts for the same money or less), or null. Only the breaks' own
 * quantities are candidates: between breaks a larger quantity always costs more.
 */
export function nextBreakSuggestion(pricing: Pricing, quantity: number): BreakSuggestion | null {
  const now = priceLine(pricing, quantity).totalCents;
  let best: BreakSuggestion | null = null;
  for (const b of pricing.priceBreaks) {
    if (b.quantity <= quantity || b.quantity % pricing.orderMultiple !== 0) continue;
    const total = priceLine(pricing, b.quantity).totalCents;
    if (total > now) continue;
    if (!best || total < best.totalCents) {
      best = { quantity: b.quantity, totalCents: total, savingCents: now - total };
    }
  }
  return best;
}
