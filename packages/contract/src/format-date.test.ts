import { describe, expect, it } from 'vitest';
import { dateFormat, type Clock, type DateStyles } from './format-date.ts';
import { seededValues } from './testing/seeded-values.ts';

/** Instants from 1970 to 2100, the same on every run. */
const instants = (count: number) =>
  [...seededValues(count, 4_102_444_800_000, 4242)].map((ms) => new Date(Math.floor(ms)));

/** Hours either side of noon and midnight, and the ends of months and years. */
const edges = [
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:59:00Z',
  '2026-06-15T11:59:59Z',
  '2026-06-15T12:00:00Z',
  '2026-06-15T12:05:00Z',
  '2026-12-31T23:59:00Z',
  '2024-02-29T09:05:00Z',
  '2026-03-29T01:30:00Z',
  '2026-10-25T02:30:00Z',
].map((iso) => new Date(iso));

const styles: [DateStyles, Intl.DateTimeFormatOptions][] = [
  [{ dateStyle: 'medium' }, { dateStyle: 'medium' }],
  [{ timeStyle: 'short' }, { timeStyle: 'short' }],
  [
    { dateStyle: 'medium', timeStyle: 'short' },
    { dateStyle: 'medium', timeStyle: 'short' },
  ],
  [{ dateStyle: 'month-day' }, { month: 'short', day: 'numeric' }],
];

describe('dateFormat writes dates as Intl does in en-US', () => {
  for (const clock of ['UTC', 'local'] satisfies Clock[]) {
    it(`on the ${clock} clock, in every style the shop uses`, () => {
      for (const [ours, intlOptions] of styles) {
        const intl = new Intl.DateTimeFormat('en-US', {
          ...intlOptions,
          ...(clock === 'UTC' ? { timeZone: 'UTC' } : {}),
        });
        const format = dateFormat(ours, clock);
        for (const date of [...edges, ...instants(500)]) {
          expect(format.format(date), date.toISOString()).toBe(intl.format(date));
        }
      }
    });
  }

  it('reads the local clock in the time zone the process runs in', () => {
    // The same instant, one day apart on the two clocks when the zone is far enough from UTC.
    const date = new Date('2026-11-27T23:30:00Z');
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'local').format(date)).toBe(
      local.format(date),
    );
  });

  it('writes an invalid date as Date does, and needs a style', () => {
    expect(dateFormat({ dateStyle: 'medium' }, 'UTC').format(new Date('not a date'))).toBe(
      'Invalid Date',
    );
    expect(() => dateFormat({}, 'UTC')).toThrow(/dateStyle or a timeStyle/);
  });
});
