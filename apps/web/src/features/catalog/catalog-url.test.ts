import { describe, expect, it } from 'vitest';
import { catalogSearch, readCatalogState } from '@voltforge/contract/catalog';

const read = (qs: string) => readCatalogState(new URLSearchParams(qs));

describe('catalogue URL state', () => {
  it('reads every parameter', () => {
    expect(read('search=%20meter%20&category=Hand+Tools&sort=price_desc&page=3')).toEqual({
      search: 'meter',
      category: 'Hand Tools',
      sort: 'price_desc',
      page: 3,
    });
  });

  it.each(['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=10001', 'sort=cheap'])(
    'falls back to defaults for a hand-edited %s',
    (qs) => {
      expect(read(qs)).toEqual({ search: '', category: '', sort: 'newest', page: 1 });
    },
  );

  it('cuts an over-long search to what the API accepts', () => {
    expect(read(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(catalogSearch({ search: '', category: '', sort: 'newest', page: 1 })).toBe('');
    const state = {
      search: '50% off_',
      category: 'Measurement & Test',
      sort: 'name' as const,
      page: 2,
    };
    const qs = catalogSearch(state);
    expect(qs).toBe('?search=50%25+off_&category=Measurement+%26+Test&sort=name&page=2');
    expect(read(qs.slice(1))).toEqual(state);
  });
});
