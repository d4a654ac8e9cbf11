/**
 * The first `max` characters of `text`, with an ellipsis only when something was cut. Counts
 * code points, so an emoji or accented letter is never split in half.
 */
export function previewText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
