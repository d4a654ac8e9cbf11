import { describe, expect, it } from 'vitest';
import { availabilityOf, availabilityText, type Supply } from './availability.ts';
import { addDays } from './calendar.ts';

const today = '2026-11-28';
const supply = (over: Partial<Supply> = {}): Supply => ({
  inStock: 18,
  backorderable: true,
  leadTimeWeeks: 6,
  incoming: [{ quantity: 10, expectedOn: '2027-01-14' }],
  ...over,
});

describe('availabilityOf', () => {
  it('ships from stock first, then by the batches in date order, then by the lead time', () => {
    const a = availabilityOf(25, supply(), today);
    expect(a).toEqual({
      quantity: 25,
      now: 18,
      batches: [{ quantity: 7, date: '2027-01-14' }],
      later: null,
      unavailable: 0,
    });
    expect(availabilityText(a)).toBe('18 now, 7 by Jan 14');
    const big = availabilityOf(
      40,
      supply({
        incoming: [
          { quantity: 5, expectedOn: '2027-02-01' },
          { quantity: 10, expectedOn: '2027-01-14' },
        ],
      }),
      today,
    );
    expect(big.batches).toEqual([
      { quantity: 10, date: '2027-01-14' },
      { quantity: 5, date: '2027-02-01' },
    ]);
    expect(big.later).toEqual({ quantity: 7, date: addDays(today, 42) });
    expect(availabilityText(big)).toBe('18 now, 10 by Jan 14, 5 by Feb 1, 7 by Jan 9');
  });

  it('sells only from stock what may not be back-ordered, as before', () => {
    const a = availabilityOf(25, supply({ backorderable: false }), today);
    expect(a).toMatchObject({ now: 18, batches: [], later: null, unavailable: 7 });
    expect(availabilityText(a)).toBe('18 now; 7 more cannot be promised');
    expect(
      availabilityText(availabilityOf(5, supply({ inStock: 0, backorderable: false }), today)),
    ).toBe('None available');
  });

  it('cannot promise what no batch covers without a lead time; a late batch is due today', () => {
    const a = availabilityOf(40, supply({ leadTimeWeeks: null }), today);
    expect(a).toMatchObject({ now: 18, later: null, unavailable: 12 });
    const late = availabilityOf(
      20,
      supply({ incoming: [{ quantity: 5, expectedOn: '2026-11-01' }] }),
      today,
    );
    expect(late.batches).toEqual([{ quantity: 2, date: today }]);
    expect(availabilityOf(10, supply(), today)).toMatchObject({
      now: 10,
      batches: [],
      unavailable: 0,
    });
    expect(availabilityText(availabilityOf(10, supply(), today))).toBe('10 now');
  });
});
