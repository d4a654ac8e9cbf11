// A synthetic catalogue for measuring the shop at a size the demo does not have: names drawn
// from sixteen words and descriptions from those and sixteen more (so a word like "meter" matches
// a large share of the tools, the case that costs most), the demo's six categories, and part numbers shaped like the
// shop's (`SY-AB1234`). The same seed gives the same tools, so two runs measure the same data.
// Used by bench/bench.mjs (`--tools N`, through the admin's CSV import) and
// bench/search-at-scale.mjs (inserted directly). docs/performance.md, "Method".

const WORDS = [
  'Digital',
  'Multimeter',
  'Meter',
  'Clamp',
  'Probe',
  'Bench',
  'Power',
  'Supply',
  'Soldering',
  'Station',
  'Relay',
  'Wire',
  'Stripper',
  'Crimping',
  'Pliers',
  'Oscilloscope',
];
// Descriptions mix the sixteen with as many words no test searches for.
const FILLER = [
  'compact',
  'rugged',
  'with',
  'for',
  'panel',
  'work',
  'and',
  'repair',
  'fused',
  'input',
  'display',
  'backlit',
  'range',
  'kit',
  'case',
  'spare',
];
const CATEGORIES = [
  'Measurement & Test',
  'Soldering & Rework',
  'Power Supplies',
  'Power Tools',
  'Hand Tools',
  'Components',
];
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A small deterministic generator (mulberry32): the same seed, the same catalogue. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` tools as plain values: partNumber, name, description, category, priceCents,
 * minOrderQuantity, inStock. Part numbers are unique (the running number is part of them).
 */
export function syntheticTools(count, seed = 20261128) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const words = (n, list = WORDS) => Array.from({ length: n }, () => pick(list)).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    partNumber: `SY-${pick(LETTERS)}${pick(LETTERS)}${String(i).padStart(4, '0')}`,
    name: `${words(2 + Math.floor(next() * 2))} ${100 + Math.floor(next() * 900)}`,
    description: `${words(8 + Math.floor(next() * 8), [...WORDS, ...FILLER])}.`,
    category: pick(CATEGORIES),
    priceCents: 100 + Math.floor(next() * 99_900),
    minOrderQuantity: 1 + Math.floor(next() * 5),
    inStock: next() < 0.2 ? 0 : Math.floor(next() * 1000),
  }));
}
