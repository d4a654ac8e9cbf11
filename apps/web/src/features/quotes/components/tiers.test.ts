import { describe, expect, it } from 'vitest';
import { parseTiers } from './tiers';

describe('parseTiers', () => {
  it('reads quantities apart by commas, spaces, slashes or semicolons, with thousands commas', () => {
    expect(parseTiers('1000, 5000, 10000')).toEqual([1000, 5000, 10000]);
    expect(parseTiers('1,000 / 5,000; 10,000')).toEqual([1000, 5000, 10000]);
    expect(parseTiers('1000,5000')).toEqual([1000, 5000]);
    expect(parseTiers('250')).toEqual([250]);
    expect(parseTiers('1,000,000')).toEqual([1_000_000]);
  });
  it('refuses what is not whole numbers', () => {
    expect(parseTiers('')).toBeNull();
    expect(parseTiers('2.5')).toBeNull();
    expect(parseTiers('ten')).toBeNull();
    expect(parseTiers('-5')).toBeNull();
  });
});
