import { adminMessages } from '@voltforge/contract/admin';
import { isLowStock, lowStockThresholdOf } from '@voltforge/contract/low-stock';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AdminTool, AdminToolListQuery } from '@voltforge/contract/admin-tool';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { notFound } from '../../http-error.ts';
import { tool, toolColumns } from '../../db/schema/tool.ts';
import { lowStockThresholdSql } from '../../stock/low-stock.service.ts';
import { paginate, type Page } from '../../paging.ts';
import { containsPattern, toolToJson, type ToolRow } from '../tools/tools.service.ts';

export function adminToolToJson(row: ToolRow): AdminTool {
  const threshold = lowStockThresholdOf(row);
  return {
    ...toolToJson(row),
    lowStockThreshold: threshold,
    customLowStockThreshold: row.lowStockThreshold,
    lowStock: isLowStock({ inStock: row.inStock, lowStockThreshold: threshold }),
  };
}

/**
 * Manage Products: tools for sale by name, optionally only those at or below their threshold;
 * the search matches the name or the part number.
 */
export async function listAdminTools(db: Db, query: AdminToolListQuery): Promise<Page<AdminTool>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    isNull(tool.archivedAt),
    pattern
      ? or(sql`${tool.name} ILIKE ${pattern}`, sql`${tool.partNumber} ILIKE ${pattern}`)
      : undefined,
    query.lowStock ? sql`${tool.inStock} <= ${lowStockThresholdSql}` : undefined,
  );
  const rows = db
    .select(toolColumns)
    .from(tool)
    .where(where)
    .orderBy(asc(tool.name), asc(tool.id))
    .$dynamic();
  return paginate(db, query, { rows, table: tool, where }, adminToolToJson);
}

/** One tool for sale with its stock watch, for the edit form. */
export async function getAdminTool(db: Db, id: string): Promise<AdminTool> {
  if (!isUuid(id)) throw notFound(adminMessages.toolNotFound);
  const [row] = await db
    .select(toolColumns)
    .from(tool)
    .where(and(eq(tool.id, id), isNull(tool.archivedAt)));
  if (!row) throw notFound(adminMessages.toolNotFound);
  return adminToolToJson(row);
}
