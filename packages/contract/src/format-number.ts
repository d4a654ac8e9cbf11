/**
 * Figures written as the shop's English writes them (`1,234.5`), without `Intl`: a page's first
 * `Intl` formatter loads the browser's locale data, 36–90 ms of main-thread work on a slow host,
 * and most pages show nothing else that needs it (docs/performance.md, "Figures without Intl").
 * format-number.test.ts holds each one to `Intl`'s own output.
 */

/** Digits in groups of three from the right: `1234567` → `1,234,567`. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * `value` rounded to `decimals` places as `Intl` rounds it: its shortest decimal form (`0.015`,
 * not the binary value just under it), half away from zero. The sign, the whole part grouped in
 * thousands, and the fraction's digits; undefined for what `Intl` is left to write (not finite,
 * a quadrillion or more, under a millionth but not zero).
 */
export function roundedFigure(
  value: number,
  decimals: number,
): { sign: '' | '-'; whole: string; fraction: string } | undefined {
  const decimal = String(Math.abs(value));
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15 || decimal.includes('e')) {
    return undefined;
  }
  const [whole = '0', fraction = ''] = decimal.split('.');
  let scaled = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  if ((fraction[decimals] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return {
    sign: value < 0 || Object.is(value, -0) ? '-' : '',
    whole: groupThousands(digits.slice(0, cut)),
    fraction: digits.slice(cut),
  };
}

/**
 * A number with at most `maxDecimals` places and no trailing zeros: `1,234.5`, as
 * `toLocaleString('en-US', { maximumFractionDigits })` writes it (3 places, as its default).
 */
export function formatNumber(value: number, maxDecimals = 3): string {
  const figure = roundedFigure(value, maxDecimals);
  if (!figure) return value.toLocaleString('en-US', { maximumFractionDigits: maxDecimals });
  const fraction = figure.fraction.replace(/0+$/, '');
  return `${figure.sign}${figure.whole}${fraction ? `.${fraction}` : ''}`;
}

/** A count (quantities, stock): `1,234`, as `toLocaleString('en-US')` writes it. */
export const formatCount = (count: number): string => formatNumber(count);
