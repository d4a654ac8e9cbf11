import { describe, expect, it } from 'vitest';
import { catalogSearch, readCatalogState } from '@voltforge/contract/catalog';

const read = (qs: string) => readCatalogState(new URLSearchParams(qs));

describe('catalogue URL state', () => {
  it('reads every parameter', () => {
    expect(read('search=%20meter%20&category=Hand+Tools&sort=price_desc&page=3')).toEqual({
      search: 'meter',
      category: 'Hand Tools',
      sort: 'price_desc',
      inStock: false,
      minPrice: '',
      maxPrice: '',
      page: 3,
    });
    expect(read('inStock=true&minPrice=19.99&maxPrice=250')).toMatchObject({
      inStock: true,
      minPrice: '19.99',
      maxPrice: '250',
    });
  });

  it('puts the best match first for a search unless a sort is picked', () => {
    expect(read('search=meter').sort).toBe('relevance');
    expect(read('search=meter&sort=newest').sort).toBe('newest');
    expect(read('sort=relevance').sort).toBe('newest');
    expect(catalogSearch({ ...read('search=meter'), sort: 'newest' })).toBe(
      '?search=meter&sort=newest',
    );
    expect(catalogSearch(read('search=meter'))).toBe('?search=meter');
    // Without a search there is nothing to rank: the catalogue is newest first again.
    expect(catalogSearch({ ...read('search=meter'), search: '' })).toBe('');
  });

  it.each([
    ['minPrice=abc', { minPrice: '' }],
    ['minPrice=-5', { minPrice: '' }],
    ['maxPrice=1.999', { maxPrice: '' }],
    ['inStock=yes', { inStock: false }],
    ['minPrice=50&maxPrice=10', { minPrice: '50', maxPrice: '' }],
  ])('drops a filter a hand-edited %s cannot have', (qs, expected) => {
    expect(read(qs)).toMatchObject(expected);
  });

  it.each(['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=10001', 'sort=cheap'])(
    'falls back to defaults for a hand-edited %s',
    (qs) => {
      expect(read(qs)).toEqual({
        search: '',
        category: '',
        sort: 'newest',
        inStock: false,
        minPrice: '',
        maxPrice: '',
        page: 1,
      });
    },
  );

  it('cuts an over-long search to what the API accepts', () => {
    expect(read(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const none = { inStock: false, minPrice: '', maxPrice: '' };
    expect(catalogSearch({ search: '', category: '', sort: 'newest', ...none, page: 1 })).toBe('');
    const state = {
      search: '50% off_',
      category: 'Measurement & Test',
      sort: 'name' as const,
      inStock: true,
      minPrice: '10',
      maxPrice: '99.5',
      page: 2,
    };
    const qs = catalogSearch(state);
    expect(qs).toBe(
      '?search=50%25+off_&category=Measurement+%26+Test&sort=name&inStock=true&minPrice=10&maxPrice=99.5&page=2',
    );
    expect(read(qs.slice(1))).toEqual(state);
  });
});
