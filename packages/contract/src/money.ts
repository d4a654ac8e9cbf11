/** Money travels as integer cents inside the system and as dollars with two decimals at the edge. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
