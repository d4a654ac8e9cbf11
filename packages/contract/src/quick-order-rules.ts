import { formatCount } from './format-number.ts';
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

/** Splits on `separator` outside double quotes; a quoted cell may hold it, `""` is a quote. */
function splitQuoted(line: string, separator: RegExp): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
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
      cell = '';
    } else if (separator.test(c)) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** A line's cells: split on tabs, commas or semicolons when it has any, else on spaces. */
function cellsOf(line: string): string[] {
  return /[\t,;]/.test(line) ? splitQuoted(line, /[\t,;]/) : line.trim().split(/\s+/);
}

function quantityOf(cell: string | undefined): Pick<QuickOrderRow, 'quantity' | 'quantityProblem'> {
  if (cell === undefined || cell === '') {
    return { quantity: null, quantityProblem: quickOrderMessages.noQuantity };
  }
  const quantity = /^\d{1,7}$/.test(cell) ? Number(cell) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
    return { quantity: null, quantityProblem: quickOrderMessages.badQuantity };
  }
  return { quantity };
}

/**
 * Reads a pasted list or a CSV file: each non-blank line is a part number and a quantity. A first
 * line that names its columns (part number / MPN / SKU and qty / quantity, in any order, other
 * columns ignored) is a header; without one, the first cell is the part number and the second the
 * quantity. A spreadsheet's paste (tabs) and CSV (commas or semicolons) both read.
 */
export function readQuickOrder(text: string): QuickOrderRead {
  if (text.length > MAX_QUICK_ORDER_CHARS)
    return { ok: false, message: quickOrderMessages.tooLong };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const numbered = lines
    .map((content, index) => ({ line: index + 1, cells: cellsOf(content) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  let partColumn = 0;
  let quantityColumn = 1;
  const first = numbered[0];
  if (first && first.cells.some((cell) => PART_HEADER.test(cell))) {
    partColumn = first.cells.findIndex((cell) => PART_HEADER.test(cell));
    quantityColumn = first.cells.findIndex((cell) => QUANTITY_HEADER.test(cell));
    if (quantityColumn < 0) return { ok: false, message: quickOrderMessages.noQuantityColumn };
    numbered.shift();
  } else if (first?.cells.some((cell) => QUANTITY_HEADER.test(cell))) {
    return { ok: false, message: quickOrderMessages.noPartColumn };
  }
  if (numbered.length === 0) return { ok: false, message: quickOrderMessages.empty };
  if (numbered.length > MAX_QUICK_ORDER_LINES) {
    return { ok: false, message: quickOrderMessages.tooManyLines };
  }
  return {
    ok: true,
    rows: numbered.map(({ line, cells }) => ({
      line,
      partNumber: cells[partColumn] ?? '',
      ...quantityOf(cells[quantityColumn]),
    })),
  };
}
