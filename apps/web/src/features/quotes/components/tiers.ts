/**
 * "1000, 5000 / 10,000" → [1000, 5000, 10000]: quantities apart by commas, spaces, slashes or
 * semicolons, a comma before three digits being a thousands separator; null when one is not a
 * whole number.
 */
export function parseTiers(text: string): number[] | null {
  const parts = text
    .split(/[;/|\s]+|,(?!\d{3}\b)/)
    .map((p) => p.replace(/,/g, ''))
    .filter(Boolean);
  if (parts.length === 0) return null;
  const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  return numbers.every(Number.isSafeInteger) ? numbers : null;
}
