import { and, asc, isNull, sql } from 'drizzle-orm';
import { breaksCell, toolCsvColumns, type ToolCsvColumn } from '@voltforge/contract/tool-csv';
import type { Db } from '../../db/client.ts';
import { tool, toolColumns } from '../../db/schema/tool.ts';
import type { ToolRow } from '../tools/tools.service.ts';
import { CSV_BOM, csvLine } from '../../csv.ts';

const PAGE = 500;

/** A tool's cells in the tools CSV; the import reads the same text back to the same values. */
export function toolCsvCells(row: ToolRow): Record<ToolCsvColumn, string> {
  return {
    partNumber: row.partNumber,
    name: row.name,
    category: row.category,
    price: (row.priceCents / 100).toFixed(2),
    minOrderQuantity: String(row.minOrderQuantity),
    orderMultiple: String(row.orderMultiple),
    priceBreaks: breaksCell(row.priceBreaks),
    inStock: String(row.inStock),
    lowStockThreshold: row.lowStockThreshold === null ? '' : String(row.lowStockThreshold),
    img: row.imageUrl,
    desc: row.description,
  };
}

/**
 * The catalogue (tools for sale) as CSV, by part number, read a page at a time so a large
 * catalogue is never held in memory at once.
 */
export async function* exportToolsCsv(db: Db): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(toolCsvColumns);
  const key = sql<string>`lower(${tool.partNumber})`;
  let after: string | null = null;
  for (;;) {
    const rows: ToolRow[] = await db
      .select(toolColumns)
      .from(tool)
      .where(and(isNull(tool.archivedAt), after === null ? undefined : sql`${key} > ${after}`))
      .orderBy(asc(key))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((row) => {
        const cells = toolCsvCells(row);
        return csvLine(toolCsvColumns.map((c) => cells[c]));
      })
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = last.partNumber.toLowerCase();
  }
}
