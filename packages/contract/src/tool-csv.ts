import { z } from 'zod';
import { formatCount } from './format-number.ts';
import type { PriceBreak } from './pricing.ts';

/**
 * The columns of the tools CSV, in order: what GET /api/tool/export.csv writes and what the
 * import reads (by header name, so columns may come in any order).
 */
export const toolCsvColumns = [
  'partNumber',
  'name',
  'category',
  'price',
  'minOrderQuantity',
  'orderMultiple',
  'priceBreaks',
  'inStock',
  'lowStockThreshold',
  'img',
  'desc',
] as const;
export type ToolCsvColumn = (typeof toolCsvColumns)[number];

/** A tool's price breaks in one CSV cell: `25:84.00;100:79.00`, empty for none. */
export function breaksCell(breaks: readonly PriceBreak[]): string {
  return breaks.map((b) => `${b.quantity}:${(b.unitPriceCents / 100).toFixed(2)}`).join(';');
}

/**
 * The breaks a cell written like `breaksCell`'s names, prices in dollars as typed; null when the
 * cell is not in that form (the contract's field rules then check each break).
 */
export function readBreaksCell(cell: string): { quantity: number; price: number }[] | null {
  const text = cell.trim();
  if (text === '') return [];
  const breaks: { quantity: number; price: number }[] = [];
  for (const part of text.split(';')) {
    const found = /^\s*(\d{1,10})\s*:\s*(\d{1,10}(?:\.\d+)?)\s*$/.exec(part);
    if (!found) return null;
    breaks.push({ quantity: Number(found[1]), price: Number(found[2]) });
  }
  return breaks;
}

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export const toolImportMessages = {
  empty: 'The file is empty: the first row must name the columns.',
  tooManyRows: `A file can hold at most ${formatCount(MAX_IMPORT_ROWS)} tools.`,
  tooLarge: `The file must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  missingColumn: (column: string) => `The first row must name the column "${column}".`,
  unknownColumn: (column: string) =>
    `Unknown column "${column}"; the columns are ${toolCsvColumns.join(', ')}.`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice.`,
  unterminatedQuote: 'A quoted value is never closed.',
  wrongCellCount: (expected: number, got: number) =>
    `This row has ${got} values; the first row names ${expected} columns.`,
  requiredForNew: 'Required for a new tool',
  duplicatePart: (row: number) => `The same part number is already on row ${row}`,
  archived: 'This part number belongs to a deleted tool',
  notANumber: 'Must be a number',
  thresholdWhole: 'Low-stock threshold must be a whole number from 0 or be left empty',
  breaksFormat:
    'Price breaks must read like 25:84.00;100:79.00 (quantity:price, separated by ;) or be left empty',
  hasErrors: (n: number) =>
    `The file has ${n} error${n === 1 ? '' : 's'}; nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and try again.`,
  stale: 'The catalogue changed since this preview. Preview the file again before importing.',
  applied: (created: number, updated: number) =>
    `Imported: ${created} tool${created === 1 ? '' : 's'} added, ${updated} updated.`,
} as const;

/** POST /api/tool/import/preview and POST /api/tool/import: the file's text. */
export const toolImportPreviewSchema = z.strictObject({
  csv: z
    .string({ error: toolImportMessages.empty })
    .max(MAX_IMPORT_BYTES, toolImportMessages.tooLarge),
});
export type ToolImportPreviewInput = z.infer<typeof toolImportPreviewSchema>;

/** Applying needs the preview's `planHash`: the import is refused if the plan would differ. */
export const toolImportApplySchema = z.strictObject({
  csv: toolImportPreviewSchema.shape.csv,
  planHash: z.string().min(1).max(128),
});
export type ToolImportApplyInput = z.infer<typeof toolImportApplySchema>;

export const importCellErrorSchema = z.object({
  /** The line of the file as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The column's name, or null for a problem with the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportCellError = z.infer<typeof importCellErrorSchema>;

export const importChangeSchema = z.object({
  column: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const importPlanRowSchema = z.object({
  row: z.number().int(),
  partNumber: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  changes: z.array(importChangeSchema),
});
export type ImportPlanRow = z.infer<typeof importPlanRowSchema>;

export const toolImportPlanSchema = z.object({
  rows: z.array(importPlanRowSchema),
  errors: z.array(importCellErrorSchema),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
  }),
  /** Identifies this exact plan; send it back to apply it. */
  planHash: z.string(),
});
export type ToolImportPlan = z.infer<typeof toolImportPlanSchema>;

export const toolImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  message: z.string(),
});
export type ToolImportResult = z.infer<typeof toolImportResultSchema>;
