import { createHash } from 'node:crypto';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  clashingCategory,
  MAX_STOCK_QUANTITY,
  toolFieldMessages,
  toolFields,
} from '@voltforge/contract/admin';
import { dollarsToCents } from '@voltforge/contract/money';
import { partNumberKey, partNumberSchema } from '@voltforge/contract/part-number';
import {
  breaksInCents,
  pricingProblem,
  type PriceBreak,
  type Pricing,
} from '@voltforge/contract/pricing';
import {
  MAX_IMPORT_ROWS,
  breaksCell,
  readBreaksCell,
  toolCsvColumns,
  toolImportMessages as messages,
  type ImportCellError,
  type ImportPlanRow,
  type ToolCsvColumn,
  type ToolImportPlan,
  type ToolImportResult,
} from '@voltforge/contract/tool-csv';
import type { z } from 'zod';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { stockMovement, tool, toolColumns } from '../../db/schema/tool.ts';
import type { ToolRow } from '../tools/tools.service.ts';
import { CsvSyntaxError, fromSpreadsheetSafe, parseCsv } from '../../csv.ts';
import { isUniqueViolation } from '../../db/sql-state.ts';
import { badRequest, conflict, HttpError } from '../../http-error.ts';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';
import { toolCsvCells } from './tool-export.service.ts';
import { toolImageMessages } from '@voltforge/contract/tool-image-rules';
import { missingToolImages } from '../tool-images/tool-images.service.ts';

/** The values a row sets, as the database keeps them; absent means "leave as it is". */
interface ToolValues {
  partNumber: string;
  name?: string;
  category?: string;
  priceCents?: number;
  minOrderQuantity?: number;
  orderMultiple?: number;
  priceBreaks?: PriceBreak[];
  inStock?: number;
  /** null: back to the default (twice the minimum order quantity). */
  lowStockThreshold?: number | null;
  imageUrl?: string;
  description?: string;
}

interface PlannedRow {
  view: ImportPlanRow;
  values: ToolValues;
  existing: ToolRow | null;
}

interface Plan {
  preview: ToolImportPlan;
  rows: PlannedRow[];
}

const REQUIRED_FOR_NEW: readonly ToolCsvColumn[] = [
  'name',
  'category',
  'price',
  'minOrderQuantity',
  'inStock',
  'img',
  'desc',
];

const fields = toolFields;

function firstIssue(result: z.ZodSafeParseResult<unknown>): string {
  return result.success ? '' : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** A whole-number cell: plain digits (no 1e3, no 2.0), then the contract's range check. */
function wholeCell(cell: string, schema: z.ZodType<number>, notWhole: string): number | string {
  if (!/^-?\d{1,10}$/.test(cell)) return notWhole;
  const parsed = schema.safeParse(Number(cell));
  return parsed.success ? parsed.data : firstIssue(parsed);
}

/** Reads one data row's cells into values, collecting an error per bad cell. */
function readRow(
  row: number,
  cells: Partial<Record<ToolCsvColumn, string>>,
  errors: ImportCellError[],
): ToolValues | null {
  const fail = (column: ToolCsvColumn, message: string) => {
    errors.push({ row, column, message });
  };
  const part = partNumberSchema.safeParse(cells.partNumber ?? '');
  if (!part.success) fail('partNumber', firstIssue(part));
  const values: ToolValues = { partNumber: part.success ? part.data : '' };

  const text = (column: 'name' | 'category' | 'img' | 'desc', schema: z.ZodType<string>) => {
    const cell = cells[column];
    if (cell === undefined || cell.trim() === '') return undefined;
    const parsed = schema.safeParse(cell);
    if (!parsed.success) fail(column, firstIssue(parsed));
    return parsed.success ? parsed.data : undefined;
  };
  values.name = text('name', fields.name);
  values.category = text('category', fields.category);
  values.imageUrl = text('img', fields.img);
  values.description = text('desc', fields.desc);

  const price = cells.price?.trim();
  if (price) {
    // A signed number is a number: "-3" is told it must be more than 0, not that it is no number.
    const numeric = /^[-+]?\d+(\.\d+)?$/.test(price);
    const parsed = fields.price.safeParse(numeric ? Number(price) : Number.NaN);
    if (parsed.success) values.priceCents = dollarsToCents(parsed.data);
    else fail('price', numeric ? firstIssue(parsed) : messages.notANumber);
  }
  const notWhole = {
    minOrderQuantity: toolFieldMessages.minOrderWhole,
    orderMultiple: toolFieldMessages.orderMultipleWhole,
    inStock: toolFieldMessages.inStockWhole,
  } as const;
  for (const column of ['minOrderQuantity', 'orderMultiple', 'inStock'] as const) {
    const cell = cells[column]?.trim();
    if (!cell) continue;
    const parsed = wholeCell(cell, fields[column], notWhole[column]);
    if (typeof parsed === 'number') values[column] = parsed;
    else fail(column, parsed);
  }
  const breaksText = cells.priceBreaks;
  if (breaksText !== undefined) {
    const breaks = readBreaksCell(breaksText);
    const parsed = breaks === null ? null : fields.priceBreaks.safeParse(breaks);
    if (parsed?.success) {
      values.priceBreaks = breaksInCents(parsed.data);
    } else fail('priceBreaks', parsed ? firstIssue(parsed) : messages.breaksFormat);
  }
  const threshold = cells.lowStockThreshold;
  if (threshold !== undefined) {
    const cell = threshold.trim();
    if (cell === '') values.lowStockThreshold = null;
    else if (/^\d{1,10}$/.test(cell) && Number(cell) <= MAX_STOCK_QUANTITY) {
      values.lowStockThreshold = Number(cell);
    } else fail('lowStockThreshold', messages.thresholdWhole);
  }
  return part.success ? values : null;
}

/** The file's cell text for a value, as the export writes it, for the preview's from → to. */
function cellsOf(values: ToolValues): Partial<Record<ToolCsvColumn, string | null>> {
  return {
    name: values.name,
    category: values.category,
    price: values.priceCents === undefined ? undefined : (values.priceCents / 100).toFixed(2),
    minOrderQuantity: values.minOrderQuantity?.toString(),
    orderMultiple: values.orderMultiple?.toString(),
    priceBreaks: values.priceBreaks && breaksCell(values.priceBreaks),
    inStock: values.inStock?.toString(),
    lowStockThreshold:
      values.lowStockThreshold === undefined
        ? undefined
        : values.lowStockThreshold === null
          ? ''
          : String(values.lowStockThreshold),
    img: values.imageUrl,
    desc: values.description,
  };
}

/**
 * Reads the file and compares it with the catalogue: per row, create (new part number), update
 * (the cells that differ) or unchanged, and every problem with its row and column. Reads only.
 * `lock` takes the matched tools' row locks, for the apply transaction.
 */
async function plan(db: Db | Tx, csv: string, lock: boolean): Promise<Plan> {
  const errors: ImportCellError[] = [];
  const done = (rows: PlannedRow[]): Plan => {
    const views = rows.map((r) => r.view);
    const count = (action: ImportPlanRow['action']) =>
      views.filter((v) => v.action === action).length;
    const planHash = createHash('sha256').update(JSON.stringify({ views, errors })).digest('hex');
    return {
      rows,
      preview: {
        rows: views,
        errors,
        summary: {
          create: count('create'),
          update: count('update'),
          unchanged: count('unchanged'),
        },
        planHash,
      },
    };
  };

  let records;
  try {
    records = parseCsv(csv, messages);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors.push({ row: error.row, column: null, message: error.message });
    return done([]);
  }
  const [header, ...data] = records;
  if (!header) {
    errors.push({ row: 1, column: null, message: messages.empty });
    return done([]);
  }
  const columns = header.cells.map((c) => c.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (!(toolCsvColumns as readonly string[]).includes(column)) {
      errors.push({ row: 1, column, message: messages.unknownColumn(column) });
    } else if (seen.has(column)) {
      errors.push({ row: 1, column, message: messages.duplicateColumn(column) });
    }
    seen.add(column);
  }
  if (!seen.has('partNumber')) {
    errors.push({ row: 1, column: 'partNumber', message: messages.missingColumn('partNumber') });
  }
  if (data.length > MAX_IMPORT_ROWS) {
    errors.push({ row: MAX_IMPORT_ROWS + 2, column: null, message: messages.tooManyRows });
  }
  if (errors.length > 0) return done([]);

  const read: { row: number; values: ToolValues | null; present: Set<ToolCsvColumn> }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const record of data) {
    if (record.cells.length !== columns.length) {
      errors.push({
        row: record.row,
        column: null,
        message: messages.wrongCellCount(columns.length, record.cells.length),
      });
      read.push({ row: record.row, values: null, present: new Set() });
      continue;
    }
    const cells: Partial<Record<ToolCsvColumn, string>> = {};
    columns.forEach((column, i) => {
      const cell = record.cells[i] ?? '';
      // The export writes every text cell spreadsheet-safe; read it back as it was.
      cells[column as ToolCsvColumn] = fromSpreadsheetSafe(cell);
    });
    const values = readRow(record.row, cells, errors);
    if (values) {
      const key = partNumberKey(values.partNumber);
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        errors.push({
          row: record.row,
          column: 'partNumber',
          message: messages.duplicatePart(first),
        });
      } else firstRowOf.set(key, record.row);
    }
    const present = new Set(
      (Object.keys(cells) as ToolCsvColumn[]).filter((c) => (cells[c] ?? '').trim() !== ''),
    );
    read.push({ row: record.row, values, present });
  }

  const keys = [...firstRowOf.keys()];
  const found =
    keys.length === 0
      ? []
      : await (() => {
          const query = db
            .select(toolColumns)
            .from(tool)
            .where(inArray(sql`lower(${tool.partNumber})`, keys));
          // Locked in ascending id, the global order of tool locks (docs/architecture.md).
          return lock ? query.orderBy(asc(tool.id)).for('update') : query;
        })();
  const byKey = new Map(found.map((t) => [partNumberKey(t.partNumber), t]));
  // The categories in use, and those the file adds as it goes: a category differing from one of
  // them only by letter case or spaces is refused, as in the Add Products form.
  const categories = (
    await db.selectDistinct({ category: tool.category }).from(tool).where(isNull(tool.archivedAt))
  ).map((r) => r.category);

  // Addresses of uploaded pictures this shop does not have (from another shop's export, say).
  const missingPictures = await missingToolImages(
    db,
    read.flatMap(({ values }) => (values?.imageUrl ? [values.imageUrl] : [])),
  );

  const rows: PlannedRow[] = [];
  for (const { row, values, present } of read) {
    if (values?.imageUrl !== undefined && missingPictures.has(values.imageUrl)) {
      errors.push({ row, column: 'img', message: toolImageMessages.notUploaded });
    }
    if (values?.category !== undefined) {
      const clash = clashingCategory(values.category, categories);
      if (clash) {
        errors.push({ row, column: 'category', message: toolFieldMessages.categoryClash(clash) });
      } else if (!categories.includes(values.category)) categories.push(values.category);
    }
    const name = values?.name ?? '';
    if (!values) {
      rows.push({
        view: { row, partNumber: '', name, action: 'error', changes: [] },
        values: { partNumber: '' },
        existing: null,
      });
      continue;
    }
    const existing = byKey.get(partNumberKey(values.partNumber)) ?? null;
    const rowHasErrors = () => errors.some((e) => e.row === row);
    if (existing?.archivedAt) {
      errors.push({ row, column: 'partNumber', message: messages.archived });
    }
    if (!existing) {
      for (const column of REQUIRED_FOR_NEW) {
        if (!present.has(column) && !errors.some((e) => e.row === row && e.column === column)) {
          errors.push({ row, column, message: messages.requiredForNew });
        }
      }
    }
    // The breaks and multiple must fit the price and minimum the row leaves the tool with.
    const pricing: Pricing = {
      priceCents: values.priceCents ?? existing?.priceCents ?? 0,
      minOrderQuantity: values.minOrderQuantity ?? existing?.minOrderQuantity ?? 1,
      orderMultiple: values.orderMultiple ?? existing?.orderMultiple ?? 1,
      priceBreaks: values.priceBreaks ?? existing?.priceBreaks ?? [],
    };
    const pricingFault = rowHasErrors() ? null : pricingProblem(pricing);
    if (pricingFault) errors.push({ row, column: 'priceBreaks', message: pricingFault });
    const wanted = cellsOf(values);
    const current = existing ? toolCsvCells(existing) : null;
    const changes = (Object.keys(wanted) as ToolCsvColumn[])
      .filter((c) => wanted[c] !== undefined && (current === null || current[c] !== wanted[c]))
      .map((column) => ({
        column,
        from: current ? current[column] : null,
        to: wanted[column] ?? null,
      }));
    const action: ImportPlanRow['action'] = rowHasErrors()
      ? 'error'
      : !existing
        ? 'create'
        : changes.length > 0
          ? 'update'
          : 'unchanged';
    rows.push({
      view: {
        row,
        partNumber: values.partNumber,
        name: values.name ?? existing?.name ?? '',
        action,
        changes,
      },
      values,
      existing,
    });
  }
  // Row by row, and within a row in the file's column order.
  const place = (column: string | null) => (column === null ? -1 : columns.indexOf(column));
  errors.sort((a, b) => a.row - b.row || place(a.column) - place(b.column));
  return done(rows);
}

/** The dry run: what importing this file would do, row by row, and every error. */
export async function previewToolImport(db: Db, csv: string): Promise<ToolImportPlan> {
  return (await plan(db, csv, false)).preview;
}

function errorsAsFields(errors: ImportCellError[]): Record<string, string> {
  const fieldsOut: Record<string, string> = {};
  for (const e of errors) {
    fieldsOut[`row ${e.row}${e.column ? `, ${e.column}` : ''}`] ??= e.message;
  }
  return fieldsOut;
}

/**
 * Applies the file in one transaction, all or nothing: the plan is made again with the matched
 * tools locked and must be the one the admin previewed (`planHash`); a file with any error
 * changes nothing. Stock set by the file is booked as an 'import' movement of the difference.
 */
export async function applyToolImport(
  db: Db,
  admin: Actor,
  input: { csv: string; planHash: string },
  onLowStock: OnLowStock,
): Promise<ToolImportResult> {
  const actorId = admin.id;
  try {
    return await db.transaction(async (tx) => {
      const { preview, rows } = await plan(tx, input.csv, true);
      if (preview.errors.length > 0) {
        throw badRequest(messages.hasErrors(preview.errors.length), errorsAsFields(preview.errors));
      }
      if (preview.planHash !== input.planHash) throw conflict(messages.stale);

      const touched: string[] = [];
      let created = 0;
      let updated = 0;
      for (const { view, values, existing } of rows) {
        if (view.action === 'create') {
          const [row] = await tx
            .insert(tool)
            .values({
              partNumber: values.partNumber,
              name: values.name ?? '',
              category: values.category ?? '',
              priceCents: values.priceCents ?? 0,
              minOrderQuantity: values.minOrderQuantity ?? 1,
              orderMultiple: values.orderMultiple ?? 1,
              priceBreaks: values.priceBreaks ?? [],
              inStock: values.inStock ?? 0,
              lowStockThreshold: values.lowStockThreshold ?? null,
              imageUrl: values.imageUrl ?? '',
              description: values.description ?? '',
            })
            .returning({ id: tool.id, inStock: tool.inStock });
          if (!row) throw new Error('tool insert returned no row');
          if (row.inStock > 0) {
            await tx
              .insert(stockMovement)
              .values({ toolId: row.id, delta: row.inStock, reason: 'import', actorId });
          }
          touched.push(row.id);
          created += 1;
        } else if (view.action === 'update' && existing) {
          const { partNumber: _sameKey, ...changes } = values;
          await tx.update(tool).set(changes).where(eq(tool.id, existing.id));
          const delta = values.inStock === undefined ? 0 : values.inStock - existing.inStock;
          if (delta !== 0) {
            await tx
              .insert(stockMovement)
              .values({ toolId: existing.id, delta, reason: 'import', actorId });
          }
          touched.push(existing.id);
          updated += 1;
        }
      }
      await syncLowStock(tx, touched, onLowStock);
      return { created, updated, message: messages.applied(created, updated) };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Another admin added one of these part numbers since the preview.
    if (isUniqueViolation(error)) throw conflict(messages.stale);
    throw error;
  }
}
