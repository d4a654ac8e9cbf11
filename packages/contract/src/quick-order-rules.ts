import { formatCount, formatNumber } from './format-number.ts';
import { MAX_ORDER_QUANTITY, orderMessages } from './order-rules.ts';
import { pricingMessages } from './pricing.ts';

/**
 * Quick order: a bill of materials pasted or uploaded as lines of "part number, quantity"
 * (docs/architecture.md, "Quick order"). The browser sends the text as it is; the server reads it
 * with `readQuickOrder` and answers one verdict for every line it holds, so rows in = verdicts out.
 * The rules and words here need no zod, so the cart page does not download the schemas; the
 * request and answer schemas are in quick-order.ts.
 */

export const MAX_QUICK_ORDER_LINES = 500;
/** 500 lines of a 40-character part number and a quantity, with room for extra columns. */
export const MAX_QUICK_ORDER_CHARS = 100_000;

export const quickOrderMessages = {
  empty: 'Paste or upload at least one line: a part number and a quantity.',
  tooManyLines: `At most ${MAX_QUICK_ORDER_LINES} lines at a time. Split the list and add it in parts.`,
  tooLong: `The list is longer than ${formatCount(MAX_QUICK_ORDER_CHARS)} characters. Split it and add it in parts.`,
  noPartColumn: 'The header names no part number column: call it "part number", "MPN" or "SKU".',
  noQuantityColumn: 'The header names no quantity column: call it "qty" or "quantity".',
  noQuantity: 'No quantity: write the part number, then the quantity.',
  badQuantity: `The quantity must be a whole number from 1 to ${formatCount(MAX_ORDER_QUANTITY)}.`,
  /** "1.500": fifteen hundred in Germany, one and a half in the shop's English. */
  ambiguousQuantity: (typed: string) => {
    const [whole = '', fraction = ''] = typed.split(/[.,]/);
    return `"${typed}" is ${formatCount(Number(whole + fraction))} in some countries and ${formatNumber(Number(`${whole}.${fraction}`))} in others: write the quantity in digits only, e.g. ${whole + fraction}.`;
  },
  quantityOrColumns: (typed: string) =>
    `Is "${typed}" one quantity, or a quantity and another column? Write the quantity in digits only, e.g. ${typed.replace(/\D/g, '')}.`,
  unknown: (closest: readonly string[]) =>
    closest.length > 0
      ? `Unknown part number. Did you mean ${closest.join(', ')}?`
      : 'Unknown part number.',
  belowMinimum: orderMessages.minQuantity,
  notMultiple: pricingMessages.multiple,
  short: (available: number) =>
    available === 0 ? 'Out of stock.' : `Only ${formatCount(available)} in stock.`,
  duplicate: (line: number) => `Same part as line ${line}: its quantity is added there.`,
} as const;

/** One line of the list as read: its number in the text (1-based), part number and quantity. */
export interface QuickOrderRow {
  line: number;
  partNumber: string;
  /** null when the line has no quantity or one that is not a whole number in range. */
  quantity: number | null;
  /** Why the quantity is null. */
  quantityProblem?: string;
}

export type QuickOrderRead = { ok: true; rows: QuickOrderRow[] } | { ok: false; message: string };

const PART_HEADER = /^(part\s*(number|no\.?|#)?|partnumber|part_number|mpn|sku)$/i;
const QUANTITY_HEADER = /^(qty\.?|quantity|quantities)$/i;

/** One cell of a line: its text (trimmed, unquoted), and as typed when it was not quoted. */
interface Cell {
  text: string;
  bare: string | null;
}

/** Where a header puts the part number and the quantity, and how many columns it names. */
interface Header {
  part: number;
  quantity: number;
  columns: number;
}

/** A line's cells and what parted them: a tab, a semicolon, a comma, or spaces. */
interface Split {
  separator: '\t' | ';' | ',' | ' ';
  cells: Cell[];
}

/** Splits on `separator` outside double quotes; a quoted cell may hold it, `""` is a quote. */
function splitQuoted(line: string, separator: string): Cell[] {
  const cells: Cell[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const end = () => cells.push({ text: cell.trim(), bare: wasQuoted ? null : cell });
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (c === separator) {
      end();
      cell = '';
      wasQuoted = false;
    } else cell += c;
  }
  end();
  return cells;
}

const words = (line: string): Cell[] =>
  line
    .trim()
    .split(/\s+/)
    .map((word) => ({ text: word, bare: word }));

/**
 * A line's cells: one separator per line, the first of tab, semicolon and comma found outside
 * quotes (a spreadsheet's paste, a CSV of either kind), so a tab line's "1,500" stays one cell;
 * spaces when there is none.
 */
function splitLine(line: string): Split {
  const unquoted = line.replace(/"[^"]*"/g, '');
  for (const separator of ['\t', ';', ','] as const) {
    if (unquoted.includes(separator)) return { separator, cells: splitQuoted(line, separator) };
  }
  return { separator: ' ', cells: words(line) };
}

/** Groups of three digits parted by one mark: 1,500 · 1.500 · 1 500 (and its no-break spaces). */
const GROUPED = /^\d{1,3}([,. \u00a0\u202f])\d{3}(?:\1\d{3})*$/;

type Quantity = Pick<QuickOrderRow, 'quantity' | 'quantityProblem'>;

const refused = (quantityProblem: string): Quantity => ({ quantity: null, quantityProblem });

/**
 * A quantity as typed: digits, or digits in groups of three. A single group after a point (or
 * after a comma where commas are the decimal mark, `decimalComma`) may be a decimal fraction in
 * the writer's country, "1.500" being one and a half there: refused rather than guessed.
 */
function quantityOf(typed: string | undefined, decimalComma = false): Quantity {
  if (typed === undefined || typed === '') return refused(quickOrderMessages.noQuantity);
  let digits: string | undefined;
  if (/^\d+$/.test(typed)) digits = typed;
  const grouped = GROUPED.exec(typed);
  if (grouped) {
    const mark = grouped[1]!;
    const decimalMark = mark === '.' || (mark === ',' && decimalComma);
    if (decimalMark && typed.split(mark).length === 2) {
      return refused(quickOrderMessages.ambiguousQuantity(typed));
    }
    digits = typed.replace(/\D/g, '');
  }
  const quantity = digits !== undefined && digits.length <= 7 ? Number(digits) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
    return refused(quickOrderMessages.badQuantity);
  }
  return { quantity };
}

/** Digits on both sides of a comma: "1,500" typed as one figure, which the split cut in two. */
const joined = (cells: Cell[], i: number) =>
  /\d$/.test(cells[i]?.bare ?? '') && /^\d/.test(cells[i + 1]?.bare ?? '');

/** The last cell of the figure starting at `at`: in a comma line, "1,500" is cut in two. */
function figureEnd({ cells, separator }: Split, at: number): number {
  let end = at;
  if (separator === ',') while (joined(cells, end)) end += 1;
  return end;
}

/** The part number of a line read by its header: after the quantity, past its joined cells. */
function partIn(split: Split, header: Header): string {
  const extra = figureEnd(split, header.quantity) - header.quantity;
  const joinedUp = extra > 0 && split.cells.length - extra === header.columns;
  const at = joinedUp && header.part > header.quantity ? header.part + extra : header.part;
  return split.cells[at]?.text ?? '';
}

/**
 * The quantity in column `at` of a split line. In a comma line a figure with a thousands comma
 * ("1,500") was cut into cells; it is put back together when that is the only reading: the
 * header names as many columns as are left after joining, or (without a header) nothing follows
 * it. A figure that could also be a quantity and further columns ("1,500,note" without a header,
 * "1, 500", or "1 500" in a line parted by spaces) is refused, saying so.
 */
function quantityIn(split: Split, at: number, columns: number | null): Quantity {
  const { cells, separator } = split;
  const end = figureEnd(split, at);
  if (end > at) {
    const typed = cells
      .slice(at, end + 1)
      .map((c) => c.text)
      .join(',');
    const whole =
      columns === null ? end === cells.length - 1 : cells.length - (end - at) === columns;
    if (whole) return quantityOf(typed);
    if (columns === null || cells.length !== columns) {
      return refused(quickOrderMessages.quantityOrColumns(typed));
    }
  }
  const [quantity, next] = [cells[at]?.text ?? '', cells[at + 1]?.text ?? ''];
  if (
    columns === null &&
    (separator === ',' || separator === ' ') &&
    /^\d{1,3}$/.test(quantity) &&
    /^\d{3}$/.test(next)
  ) {
    return refused(
      quickOrderMessages.quantityOrColumns(`${quantity}${separator === ',' ? ', ' : ' '}${next}`),
    );
  }
  return quantityOf(cells[at]?.text, separator === ';');
}

// The shop's own lines, as an order, My Orders and the mails print them: "VF-DM200 × 6" (what
// follows, a tab or ": name, price", is left), and the way people write it, "6 x VF-DM200".
const FIGURE = String.raw`\d(?:[\d,. \u00a0\u202f]*\d)?`;
const PART = String.raw`[^\s×,;"]+`;
const AFTER = String.raw`(?=$|[\s:;,])`;
const PART_TIMES = new RegExp(String.raw`^\s*(${PART})(?:\s*×\s*|\s+[xX]\s+)(${FIGURE})${AFTER}`);
const TIMES_PART = new RegExp(String.raw`^\s*(${FIGURE})(?:\s*×\s*|\s*[xX]\s+)(${PART})${AFTER}`);

function shopLine(line: string): Omit<QuickOrderRow, 'line'> | null {
  const forward = PART_TIMES.exec(line);
  if (forward) return { partNumber: forward[1]!, ...quantityOf(forward[2]) };
  const backward = TIMES_PART.exec(line);
  // "10 x 6" is part 10 (the shop's order); a part number of digits only is never read second.
  if (backward && /\D/.test(backward[2]!)) {
    return { partNumber: backward[2]!, ...quantityOf(backward[1]) };
  }
  return null;
}

/**
 * A line without a header: the shop's own form, else the first cell is the part number and the
 * second the quantity. "VF-X 1,500" is a line parted by spaces, not a comma line whose part
 * number is "VF-X 1".
 */
function positional(content: string, split: Split): Omit<QuickOrderRow, 'line'> {
  const shop = shopLine(content);
  if (shop) return shop;
  const spaced = words(content);
  const read =
    split.separator === ',' &&
    /\s/.test(split.cells[0]?.text ?? '') &&
    /^\d[\d,.]*\d$/.test(spaced[1]?.text ?? '')
      ? { separator: ' ' as const, cells: spaced }
      : split;
  return { partNumber: read.cells[0]?.text ?? '', ...quantityIn(read, 1, null) };
}

/**
 * Reads a pasted list or a CSV file: each non-blank line is a part number and a quantity. A first
 * line that names its columns (part number / MPN / SKU and qty / quantity, in any order, other
 * columns ignored) is a header; without one, the first cell is the part number and the second the
 * quantity, or the line is the shop's own "VF-DM200 × 6" (or "6 x VF-DM200"), so a past order
 * pasted back reads. A spreadsheet's paste (tabs) and CSV (commas or semicolons) both read. A
 * quantity may have thousands separators (1,500); one that reads two ways is refused, saying why.
 */
export function readQuickOrder(text: string): QuickOrderRead {
  if (text.length > MAX_QUICK_ORDER_CHARS)
    return { ok: false, message: quickOrderMessages.tooLong };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const numbered = lines
    .map((content, index) => ({ line: index + 1, content, split: splitLine(content) }))
    .filter(({ split }) => split.cells.some((cell) => cell.text !== ''));
  const first = numbered[0]?.split.cells.map((cell) => cell.text);
  let header: Header | null = null;
  if (first?.some((cell) => PART_HEADER.test(cell))) {
    const quantity = first.findIndex((cell) => QUANTITY_HEADER.test(cell));
    if (quantity < 0) return { ok: false, message: quickOrderMessages.noQuantityColumn };
    header = {
      part: first.findIndex((cell) => PART_HEADER.test(cell)),
      quantity,
      columns: first.length,
    };
    numbered.shift();
  } else if (first?.some((cell) => QUANTITY_HEADER.test(cell))) {
    return { ok: false, message: quickOrderMessages.noPartColumn };
  }
  if (numbered.length === 0) return { ok: false, message: quickOrderMessages.empty };
  if (numbered.length > MAX_QUICK_ORDER_LINES) {
    return { ok: false, message: quickOrderMessages.tooManyLines };
  }
  return {
    ok: true,
    rows: numbered.map(({ line, content, split }) => {
      if (!header) return { line, ...positional(content, split) };
      return {
        line,
        partNumber: partIn(split, header),
        ...quantityIn(split, header.quantity, header.columns),
      };
    }),
  };
}
