import { roundedFigure } from './format-number.ts';

/** Money travels as integer cents inside the system and as dollars with two decimals at the edge. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Dollars as US dollars with cents, `$1,234.50` and `-$0.50`, exactly as `Intl.NumberFormat(
 * 'en-US', { style: 'currency', currency: 'USD' })` writes them, rounded as it rounds, without
 * loading `Intl`'s locale data (format-number.ts).
 */
export function formatUsd(dollars: number): string {
  const figure = roundedFigure(dollars, 2);
  if (!figure) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
  }
  return `${figure.sign}$${figure.whole}.${figure.fraction}`;
}

/** Integer cents as US dollars with cents (`formatUsd`): `123450` is `$1,234.50`. */
export function formatCents(cents: number): string {
  return formatUsd(centsToDollars(cents));
}
