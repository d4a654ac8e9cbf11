/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a value quoted when it holds a comma,
 * a quote, a line break or edge spaces, a quote inside doubled. Files are UTF-8; the writer starts
 * with a byte-order mark so spreadsheet programs do not read non-ASCII text as another encoding,
 * and the reader skips it.
 */

import { centsToDollars } from '@voltforge/contract/money';

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * A figure the shop computed itself (an amount of money, say), written exactly as it is: only
 * figures and numbers skip the spreadsheet guard, so a negative amount stays a number.
 */
export class CsvFigure {
  constructor(readonly text: string) {}
}

/** Cents as dollars with two decimals ("-12.50"), a figure. */
export function csvMoney(cents: number): CsvFigure {
  return new CsvFigure(centsToDollars(cents).toFixed(2));
}

export type CsvCell = string | number | CsvFigure | null | undefined;

// A spreadsheet runs a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that a spreadsheet would run as a formula gets a leading `'`, which makes it show the
 * text as typed (the OWASP advice for CSV injection): `'=HYPERLINK(…)`, `'-2+3`, and a phone
 * number `'+44 20 7946 0958`, which a spreadsheet would otherwise read as a sum or a number.
 */
function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One cell as written: text made spreadsheet-safe (every text cell of every export, whoever
 * typed it, so no exporter can forget), then quoted when RFC 4180 needs it.
 */
export function csvValue(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number'
      ? String(value)
      : value instanceof CsvFigure
        ? value.text
        : spreadsheetSafe(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvCell[]): string {
  return `${values.map(csvValue).join(',')}\r\n`;
}

/**
 * A cell of a CSV this shop wrote, read back as the text it was given (the tools import): a `'`
 * in front of a formula character is dropped, so an export imports unchanged. (Text that itself
 * starts with `'=` loses that apostrophe; no name, category or description needs one.)
 */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** The row (1-based, as a spreadsheet counts them) where the problem starts. */
    public readonly row: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export interface CsvRecord {
  /** The row where the record starts (a quoted value may span several lines). */
  row: number;
  cells: string[];
}

/**
 * Reads CSV text into records. Accepts CRLF or LF line ends; skips blank lines. Throws
 * CsvSyntaxError for a quote that is never closed or stray text after a closing quote.
 */
export function parseCsv(text: string, messages: { unterminatedQuote: string }): CsvRecord[] {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordStart = 1;
  let i = 0;
  let quotedCell = false;

  const endRecord = () => {
    cells.push(cell);
    const blank = cells.length === 1 && cells[0] === '' && !quotedCell;
    if (!blank) records.push({ row: recordStart, cells });
    cells = [];
    cell = '';
    quotedCell = false;
  };

  while (i < input.length) {
    const ch = input[i];
    if (ch === '"' && cell === '' && !quotedCell) {
      quotedCell = true;
      const start = line;
      i += 1;
      for (;;) {
        if (i >= input.length) throw new CsvSyntaxError(messages.unterminatedQuote, start);
        const c = input[i];
        if (c === '"') {
          if (input[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (c === '\n') line += 1;
        cell += c;
        i += 1;
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(messages.unterminatedQuote, start);
      }
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      quotedCell = false;
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordStart = line;
      continue;
    }
    cell += ch;
    i += 1;
  }
  if (cell !== '' || cells.length > 0 || quotedCell) endRecord();
  return records;
}
