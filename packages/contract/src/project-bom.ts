import { formatCount } from './format-number.ts';
import {
  MAX_PROJECT_LINES,
  MAX_QUANTITY_PER_BUILD,
  expandDesignators,
  isFormula,
  projectMessages,
} from './project-rules.ts';

/*
 * Reading a bill of materials as EDA tools export it (KiCad, Altium, Eagle) or as a buyer writes
 * it: a header row naming the columns, then one row per part. No zod: the project page reads the
 * same rules the server does.
 */

/** A bill of materials of 5,000 rows of 200 characters. */
export const MAX_BOM_CHARS = 1_000_000;

export const bomFields = [
  'part',
  'quantity',
  'designators',
  'doNotInstall',
  'customerRef',
  'note',
  'value',
  'footprint',
] as const;
export type BomField = (typeof bomFields)[number];

/** Which column (from 0) each field is read from; a field with no column is left out. */
export type BomMapping = Partial<Record<BomField, number>>;

export const bomFieldLabels: Record<BomField, string> = {
  part: 'Part number',
  quantity: 'Quantity per board',
  designators: 'Reference designators',
  doNotInstall: 'Do not install',
  customerRef: 'Your reference',
  note: 'Note',
  value: 'Value',
  footprint: 'Footprint',
};

export const bomMessages = {
  empty: 'The file is empty: paste or upload a bill of materials with a header row.',
  tooLong: `The bill of materials is longer than ${formatCount(MAX_BOM_CHARS)} characters. Split it into several projects.`,
  notText:
    'The file is not text the shop can read: save it as "CSV UTF-8" (comma delimited) and upload it again.',
  noHeader:
    'The first row names no part number column: call it "MPN", "Part Number" or "Manufacturer Part Number" (or "Value").',
  tooManyRows: `A project holds at most ${formatCount(MAX_PROJECT_LINES)} lines: this file has more.`,
  noQuantity: 'No quantity, and no reference designators to count.',
  quantity: projectMessages.quantityPerBuild,
  noPart: 'No part number.',
  cell: (row: number, column: string, message: string) => `Row ${row}, ${column}: ${message}`,
} as const;

const normal = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_.#()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Header names of each field, as the EDA tools and spreadsheets write them. */
const HEADERS: Record<Exclude<BomField, 'part'>, readonly string[]> & { part: readonly string[] } =
  {
    part: [
      'mpn',
      'manufacturer part number',
      'manufacturer part no',
      'mfr part number',
      'mfr part',
      'mfg part number',
      'part number',
      'partnumber',
      'part no',
      'sku',
      'vf part number',
    ],
    quantity: ['qty', 'quantity', 'qty per board', 'quantity per board', 'count'],
    designators: [
      'reference',
      'references',
      'refs',
      'ref',
      'ref des',
      'refdes',
      'designator',
      'designators',
      'reference designator',
      'reference designators',
      'reference designator s',
    ],
    doNotInstall: [
      'dnp',
      'dni',
      'do not populate',
      'do not place',
      'do not install',
      'no pop',
      'nopop',
    ],
    customerRef: [
      'customer reference',
      'your reference',
      'customer part number',
      'internal part number',
      'cpn',
      'our part number',
    ],
    note: ['note', 'notes'],
    value: ['value', 'comment'],
    footprint: ['footprint', 'package'],
  };

/** The columns of a header row, each field mapped to the first column that names it. */
export function guessMapping(header: readonly string[]): BomMapping {
  const names = header.map(normal);
  const mapping: BomMapping = {};
  for (const field of bomFields) {
    const at = names.findIndex((name) => HEADERS[field].includes(name));
    if (at >= 0) mapping[field] = at;
  }
  // Eagle's "Part" column is the designators (beside a part number or a value column); alone, a
  // bare "Part" is the part number.
  const bare = names.indexOf('part');
  if (bare >= 0) {
    const eagle =
      mapping.designators === undefined &&
      (mapping.part !== undefined || mapping.value !== undefined);
    if (eagle) mapping.designators = bare;
    else mapping.part ??= bare;
  }
  // A BOM without part numbers (KiCad's default) is read by its values: kept, unmatched.
  if (mapping.part === undefined && mapping.value !== undefined) mapping.part = mapping.value;
  return mapping;
}

/** Splits rows on `separator` outside double quotes; `""` in a quoted cell is a quote. */
function parseRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      row.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell.trim());
  rows.push(row);
  return rows;
}

/** One row of the bill of materials as read: its values, or what is wrong with them by column. */
export interface BomRow {
  /** Its row in the file, the header being row 1. */
  row: number;
  part: string;
  quantityPerBuild: number | null;
  designators: string;
  doNotInstall: boolean;
  customerRef: string;
  note: string;
  /** Each problem names its column: "Row 4, Qty: …". */
  problems: string[];
}

export type BomRead =
  | { ok: true; header: string[]; mapping: BomMapping; rows: BomRow[] }
  | { ok: false; message: string };

/** A UTF-16 or binary file read as UTF-8: full of NULs and replacement characters. */
export function isUnreadableText(text: string): boolean {
  return text.includes('\u0000') || text.includes('\ufffd');
}

const DNP_NO = new Set(['', '0', 'no', 'n', 'false', '-']);

/**
 * A bill of materials read with `mapping` (or the one its header suggests): one row per non-empty
 * line after the header, each with its problems named by row and column, so bad rows can be fixed
 * before anything is saved.
 */
export function readBom(text: string, mapping?: BomMapping): BomRead {
  if (text.length > MAX_BOM_CHARS) return { ok: false, message: bomMessages.tooLong };
  if (isUnreadableText(text)) return { ok: false, message: bomMessages.notText };
  const body = text.replace(/^\ufeff/, '');
  if (body.trim() === '') return { ok: false, message: bomMessages.empty };
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const separator = ['\t', ';', ','].find((s) => unquoted.includes(s)) ?? ',';
  const [header = [], ...rest] = parseRows(body, separator);
  const used = mapping ?? guessMapping(header);
  if (used.part === undefined) return { ok: false, message: bomMessages.noHeader };
  const rows = rest
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length > MAX_PROJECT_LINES) return { ok: false, message: bomMessages.tooManyRows };
  const nameOf = (field: BomField) => {
    const at = used[field];
    return (at === undefined ? undefined : header[at]) || bomFieldLabels[field];
  };
  return {
    ok: true,
    header,
    mapping: used,
    rows: rows.map(({ cells, row }) => {
      const cell = (field: BomField) => {
        const at = used[field];
        return at === undefined ? '' : (cells[at] ?? '');
      };
      const problems: string[] = [];
      const problem = (field: BomField, message: string) =>
        problems.push(bomMessages.cell(row, nameOf(field), message));
      for (const field of bomFields) {
        if (isFormula(cell(field))) problem(field, projectMessages.formula);
      }
      const part = cell('part');
      if (part === '') problem('part', bomMessages.noPart);
      const designators = cell('designators');
      const expanded = expandDesignators(designators);
      if (!expanded.ok) problem('designators', expanded.message);
      let quantityPerBuild: number | null = null;
      const typed = cell('quantity');
      if (typed !== '') {
        const n = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
        if (Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY_PER_BUILD) quantityPerBuild = n;
        else problem('quantity', bomMessages.quantity);
      } else if (expanded.ok && expanded.designators.length > 0) {
        quantityPerBuild = expanded.designators.length;
      } else problem('quantity', bomMessages.noQuantity);
      const extra = [cell('value'), cell('footprint')].filter(
        (value) => value !== '' && value !== part,
      );
      const note = [cell('note'), ...extra].filter((value) => value !== '').join(' · ');
      return {
        row,
        part,
        quantityPerBuild,
        designators,
        doNotInstall: !DNP_NO.has(cell('doNotInstall').toLowerCase()),
        customerRef: cell('customerRef'),
        note: note.slice(0, 500),
        problems,
      };
    }),
  };
}
