/**
 * Part numbers like one nobody sells, for "Did you mean …?": compared without case, spaces or
 * punctuation ("vf dm200" is VF-DM200), by edit distance, the nearest three. The catalogue's part
 * numbers are few (hundreds to thousands) and only unknown lines ask, so a scan is cheap.
 */
const MAX_SUGGESTIONS = 3;

function normal(partNumber: string): string {
  return partNumber.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

export function closestPartNumbers(wanted: string, candidates: readonly string[]): string[] {
  const key = normal(wanted);
  if (key === '') return [];
  // About one typo in three characters, and never fewer than two.
  const limit = Math.max(2, Math.floor(key.length / 3));
  return candidates
    .map((partNumber) => {
      const other = normal(partNumber);
      const contained = key.length >= 3 && (other.includes(key) || key.includes(other));
      const score =
        other === '' ? Infinity : other === key ? 0 : contained ? 0.5 : distance(key, other, limit);
      return { partNumber, score };
    })
    .filter(({ score }) => score <= limit)
    .sort((x, y) => x.score - y.score || x.partNumber.localeCompare(y.partNumber))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ partNumber }) => partNumber);
}
