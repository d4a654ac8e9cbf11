import bidiFactory from 'bidi-js';

/*
 * Text as a document can print it with pdfkit and the DejaVu fonts: what the font has no glyph
 * for is replaced by a visible placeholder, and right-to-left text (Hebrew, Arabic) is put in the
 * order it is read. pdfkit lays a string out word by word from left to right, and fontkit shapes
 * each word (Arabic letters joined) and turns a word of a right-to-left script around, but
 * nothing orders the words of a right-to-left line; the Unicode bidirectional algorithm
 * (bidi-js) does that here, and the document draws the pieces one by one.
 */

const bidi = bidiFactory();

/** Letters of the right-to-left scripts the font has: Hebrew, Arabic and their forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** Whether the text holds right-to-left letters, and so needs its pieces ordered. */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
// Joiners, variation selectors and skin tones only modify what they follow.
const MODIFIER = /^(?:\u200C|\u200D|\uFE0E|\uFE0F|\p{Emoji_Modifier})$/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The placeholders printed for what the font cannot draw. */
export const UNPRINTABLE = { emoji: '[emoji]', other: '[?]' } as const;

/**
 * The text with each run of characters the font has no glyph for replaced by one placeholder:
 * `[emoji]` for emoji (refused at input since, but perhaps stored before), `[?]` for anything
 * else (a script the font lacks), so a document never shows an empty box.
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  let previous: string | null = null;
  for (const { segment } of graphemes.segment(text)) {
    const missing = [...segment].some((char) => {
      const codePoint = char.codePointAt(0)!;
      return codePoint > 0x1f && !MODIFIER.test(char) && !hasGlyph(codePoint);
    });
    if (!missing) {
      out += segment;
      previous = null;
      continue;
    }
    const placeholder = EMOJI.test(segment) ? UNPRINTABLE.emoji : UNPRINTABLE.other;
    if (placeholder !== previous) out += placeholder;
    previous = placeholder;
  }
  return out;
}

/** A line as drawn: its pieces from left to right, and whether it reads from the right. */
export interface VisualLine {
  pieces: string[];
  rightToLeft: boolean;
}

/**
 * One line of text (no line break in it) as pieces to draw from left to right. A piece is a run
 * of the line at one embedding level, either spaces or not; the runs come in the order the
 * bidirectional algorithm gives, with brackets mirrored in right-to-left runs. Inside a piece
 * the characters stay in reading order when it holds right-to-left letters (fontkit turns those
 * around as it shapes them), and are turned around here when a right-to-left run holds none
 * (punctuation, say).
 */
export function visualLine(line: string): VisualLine {
  const levels = bidi.getEmbeddingLevels(line, 'auto');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const pieceOf = new Array<number>(line.length);
  const pieces: Array<{ text: string; level: number }> = [];
  for (let i = 0; i < line.length; i += 1) {
    const level = levels.levels[i] ?? 0;
    const space = /\s/.test(line[i]!);
    const last = pieces[pieces.length - 1];
    const lastSpace = last !== undefined && /^\s/.test(last.text);
    if (!last || last.level !== level || lastSpace !== space) {
      pieces.push({ text: '', level });
    }
    pieces[pieces.length - 1]!.text += mirrored.get(i) ?? line[i];
    pieceOf[i] = pieces.length - 1;
  }
  const order: string[] = [];
  const placed = new Set<number>();
  for (const i of bidi.getReorderedIndices(line, levels, 0, line.length - 1)) {
    const index = pieceOf[i]!;
    if (placed.has(index)) continue;
    placed.add(index);
    const { text, level } = pieces[index]!;
    const turn = level % 2 === 1 && !hasRightToLeft(text);
    order.push(turn ? [...text].reverse().join('') : text);
  }
  return { pieces: order, rightToLeft: (levels.paragraphs[0]?.level ?? 0) % 2 === 1 };
}
