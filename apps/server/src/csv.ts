/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a value quoted when it holds a comma,
 * a quote, a line break or edge spaces, a quote inside doubled. Files are UTF-8; the writer starts
 * with a byte-order mark so spreadsheet programs do not read non-ASCII text as another encoding,
 * and the reader skips it.
 */

import { isPhoneNumber } from '@voltforge/contract/phone-rules';

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvValue).join(',')}\r\n`;
}

// A spreadsheet runs a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * For text that people typed (customers' names, addresses and phones; tools' names, categories
 * and descriptions): a leading `'` makes a spreadsheet show it as text instead of running it as
 * a formula (the OWASP advice for CSV injection).
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A phone number for a spreadsheet. A valid number (the contract's phone rule: digits, an
 * optional leading +, spaces, dashes, dots, brackets) is written as the text formula
 * `="+1 555 010 2030"`: Excel, Google Sheets and LibreOffice (with formulas evaluated) show it
 * exactly as typed, with its +, and never as arithmetic ("+1-555-0100" would show -654) or
 * with a stray apostrophe. That formula is safe because nothing but those characters can be
 * inside it — no quote, letter or function name. Anything else (an address saved before the
 * rule, say) gets the apostrophe like any other typed text.
 */
export function spreadsheetPhone(phone: string): string {
  return isPhoneNumber(phone) ? `="${phone}"` : spreadsheetSafe(phone);
}

/**
 * The text `spreadsheetSafe` was given, read back from a CSV this shop wrote (the tools import):
 * a `'` in front of a formula character is dropped, so an export imports unchanged. (Text that
 * itself starts with `'=` loses that apostrophe; no name, category or description needs one.)
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
