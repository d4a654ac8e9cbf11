import { formatNumber } from './format-number.ts';
import { centsToDollars, formatCents } from './money.ts';

/**
 * What an order costs beyond its goods: shipping and tax (docs/architecture.md, "Pricing"). One
 * function, `orderCharges`, computes an order's total from its goods total on the server (when the
 * order is placed, from the database's prices) and on the web (the cart, the order form), with the
 * shop's terms from GET /api/shop/terms. Integer cents throughout; the one rounding is the tax's.
 */

/** The shop's shipping and tax settings (SHIPPING_FLAT_RATE, FREE_SHIPPING_OVER, TAX_RATE). */
export interface ShopTerms {
  /** What shipping costs an order that does not ship free, in cents. */
  shippingFlatCents: number;
  /** Orders whose goods total is more than this ship free; null: no order ships free. */
  freeShippingOverCents: number | null;
  /** Tax in basis points (hundredths of a percent: 825 = 8.25 %); 0 = no tax. Prices are net. */
  taxRateBasisPoints: number;
  /**
   * What each later shipment of an order shipped as available costs (docs/payments.md,
   * "Back-orders"), in cents; 0 or absent: later shipments are free.
   */
  extraShipmentCents?: number;
}

/**
 * The shop's terms as GET /api/shop/terms answers them (dollars and percent; its schema is in
 * shop-terms.ts, so pages that only compute with the terms do not load zod).
 */
export interface ShopTermsJson {
  shippingFlatRate: number;
  freeShippingOver: number | null;
  /** Percent, e.g. 8.25; 0 when the shop charges no tax. */
  taxRate: number;
  /** Each later shipment of an order shipped as available, in dollars; 0: free. */
  extraShipmentRate: number;
}

export function shopTermsToJson(terms: ShopTerms): ShopTermsJson {
  return {
    shippingFlatRate: centsToDollars(terms.shippingFlatCents),
    freeShippingOver:
      terms.freeShippingOverCents === null ? null : centsToDollars(terms.freeShippingOverCents),
    taxRate: terms.taxRateBasisPoints / 100,
    extraShipmentRate: centsToDollars(terms.extraShipmentCents ?? 0),
  };
}

export function shopTermsFromJson(json: ShopTermsJson): ShopTerms {
  return {
    shippingFlatCents: Math.round(json.shippingFlatRate * 100),
    freeShippingOverCents:
      json.freeShippingOver === null ? null : Math.round(json.freeShippingOver * 100),
    taxRateBasisPoints: Math.round(json.taxRate * 100),
    extraShipmentCents: Math.round(json.extraShipmentRate * 100),
  };
}

export interface OrderCharges {
  /** Σ of the lines' totals (pricing.ts `linesTotalCents`). */
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** goods + shipping + tax: what the buyer is charged. */
  totalCents: number;
}

/**
 * True when an order of these goods ships free: strictly *over* the threshold, as the promise
 * says ("orders over $75.00": $75.00 itself pays shipping). An empty cart has nothing to ship.
 */
export function shipsFree(goodsCents: number, terms: ShopTerms): boolean {
  return (
    goodsCents <= 0 ||
    terms.shippingFlatCents === 0 ||
    (terms.freeShippingOverCents !== null && goodsCents > terms.freeShippingOverCents)
  );
}

/**
 * Tax on an amount at a rate in basis points, rounded half up to the cent, once per order (never
 * per line: per-line rounding makes the sum of the lines' tax differ from the tax of the sum).
 * Integer arithmetic only: amounts up to 2^31 cents times rates up to 100 % stay exact.
 */
export function taxCents(taxableCents: number, rateBasisPoints: number): number {
  return Math.floor((taxableCents * rateBasisPoints + 5_000) / 10_000);
}

/**
 * The one function for an order's charges. Shipping is the flat rate unless the goods total is
 * over the free-shipping threshold, plus each later shipment of an order shipped as available
 * (`laterShipments`, back-order.ts `extraShipments`) at its rate; tax is charged on goods and
 * shipping together (shipping is part of the taxable supply), at the shop's rate.
 */
export function orderCharges(
  goodsCents: number,
  terms: ShopTerms,
  laterShipments = 0,
): OrderCharges {
  const shippingCents =
    (shipsFree(goodsCents, terms) ? 0 : terms.shippingFlatCents) +
    laterShipments * (terms.extraShipmentCents ?? 0);
  const tax = taxCents(goodsCents + shippingCents, terms.taxRateBasisPoints);
  return {
    goodsCents,
    shippingCents,
    taxCents: tax,
    totalCents: goodsCents + shippingCents + tax,
  };
}

/** The promise card's and the cart's words for the shipping terms. */
export const chargeTexts = {
  shipping: 'Shipping',
  free: 'Free',
  tax: (ratePercent: number) => `Tax (${formatPercent(ratePercent)})`,
  goods: 'Goods',
  total: 'Total',
  promise: (terms: ShopTerms): string =>
    terms.shippingFlatCents === 0
      ? 'On every order, anywhere we deliver.'
      : terms.freeShippingOverCents === null
        ? `Flat ${formatCents(terms.shippingFlatCents)} on every order, anywhere we deliver.`
        : `On orders over ${formatCents(terms.freeShippingOverCents)}, anywhere we deliver.`,
  /** The rule for later shipments, said before the buyer chooses to ship as available. */
  laterShipments: (terms: ShopTerms): string =>
    (terms.extraShipmentCents ?? 0) === 0
      ? 'Later shipments are free.'
      : `Each later shipment adds ${formatCents(terms.extraShipmentCents ?? 0)} shipping.`,
  /** Under the threshold: how much more would ship the order free, or null. */
  untilFree: (goodsCents: number, terms: ShopTerms): string | null => {
    if (shipsFree(goodsCents, terms) || terms.freeShippingOverCents === null) return null;
    const more = terms.freeShippingOverCents + 1 - goodsCents;
    return `Add ${formatCents(more)} more for free shipping.`;
  },
} as const;

/** 8.25 → "8.25 %", 20 → "20 %". */
export function formatPercent(percent: number): string {
  return `${formatNumber(percent, 2)} %`;
}
