import { describe, expect, it } from 'vitest';
import { BytesCache } from './bytes-cache.ts';

const bytes = (n: number) => Buffer.alloc(n);

describe('BytesCache', () => {
  it('keeps at most its bytes, dropping the least recently read first', () => {
    const cache = new BytesCache(10);
    cache.set('a', bytes(4));
    cache.set('b', bytes(4));
    expect(cache.get('a')).toHaveLength(4);
    cache.set('c', bytes(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((v) => v?.length)).toEqual([
      4,
      undefined,
      4,
    ]);
    expect(cache.size()).toBe(8);
  });

  it('never keeps a value larger than itself, and keeps the first value set for a key', () => {
    const cache = new BytesCache(10);
    cache.set('big', bytes(11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', Buffer.from('one'));
    cache.set('a', Buffer.from('other'));
    expect(cache.get('a')?.toString()).toBe('one');
    expect(cache.size()).toBe(3);
  });
});
