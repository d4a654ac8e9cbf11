/**
 * For tests that hold a formatter to `Intl` over many inputs: a fixed pseudo-random sequence of
 * `count` numbers from 0 to `scale` (a Lehmer generator), so a failure names the same values on
 * every run.
 */
export function* seededValues(count: number, scale: number, seed = 12345): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (state * 16807) % 2147483647;
    yield (state / 2147483647) * scale;
  }
}
