import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber } from './format-number.ts';
import { formatPercent } from './charges.ts';
import { formatCents, formatUsd } from './money.ts';
import { seededValues as values } from './testing/seeded-values.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatUsd writes dollars as Intl does', () => {
  it('for amounts in cents, large and small, both signs', () => {
    const amounts = [0, 0.01, 0.1, 1, 9.99, 12.34, 999.99, 1000, 1234.5, 75, 1e6, 123456789.01];
    for (const cents of values(2000, 1e10)) amounts.push(Math.round(cents) / 100);
    for (const amount of amounts) {
      expect(formatUsd(amount)).toBe(usd.format(amount));
      expect(formatUsd(-amount)).toBe(usd.format(-amount));
    }
  });

  it('rounds as Intl does, the half cents and the sums of floating-point arithmetic included', () => {
    const amounts = [
      0.005,
      0.015,
      1.005,
      2.675,
      0.125,
      1.125,
      10.235,
      0.1 + 0.2,
      1.1 * 3,
      0.004999,
    ];
    for (const dollars of values(2000, 5000)) amounts.push(dollars);
    for (const amount of amounts) {
      expect(formatUsd(amount)).toBe(usd.format(amount));
      expect(formatUsd(-amount)).toBe(usd.format(-amount));
    }
  });

  it('and at the edges', () => {
    for (const amount of [-0, 1e15, -1e15, 9.99e14, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatUsd(amount)).toBe(usd.format(amount));
    }
  });
});

describe('formatCents writes integer cents as dollars', () => {
  it('as Intl writes the dollars they are', () => {
    for (const cents of [0, 1, 99, 100, 123450, -50, 12345678901]) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
    }
    expect(formatCents(123450)).toBe('$1,234.50');
  });
});

describe('formatCount writes counts as toLocaleString does', () => {
  it('groups thousands, both signs', () => {
    const counts = [0, 7, 12, 999, 1000, 1234, 100000, 1234567, Number.MAX_SAFE_INTEGER];
    for (const n of values(500, 1e9)) counts.push(Math.round(n));
    for (const count of counts) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      expect(formatCount(-count)).toBe((-count).toLocaleString('en-US'));
    }
    expect(formatCount(1234)).toBe('1,234');
  });

  it('writes a fraction as toLocaleString does, and leaves what is not finite to it', () => {
    for (const n of [1.5, 1234.5678, 0.0005, 2.0005, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('formatNumber writes at most so many decimals as toLocaleString does', () => {
  it('rounded as Intl rounds, trailing zeros dropped', () => {
    const numbers = [0, 8.25, 20, 7.125, 0.005, 12.3456, 1234.5, 99.995, 1e-7, 2e14];
    for (const n of values(2000, 1e5)) numbers.push(n);
    for (const digits of [0, 1, 2, 3]) {
      for (const n of numbers) {
        const intl = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: digits });
        expect(formatNumber(n, digits)).toBe(intl(n));
        expect(formatNumber(-n, digits)).toBe(intl(-n));
      }
    }
  });

  it('writes a tax rate', () => {
    expect(formatPercent(8.25)).toBe('8.25 %');
    expect(formatPercent(20)).toBe('20 %');
  });
});
