import { and, asc, count, isNull, or, sql } from 'drizzle-orm';
import type { AdminTool, AdminToolListQuery } from '@voltforge/contract/admin-tool';
import type { Db } from '../../db/client.ts';
import { tool } from '../../db/schema/tool.ts';
import { lowStockThresholdSql } from '../low-stock/low-stock.service.ts';
import { containsPattern, toToolJson, type ToolRow } from '../tools/tools.service.ts';

export function toAdminToolJson(row: ToolRow): AdminTool {
  const threshold = row.lowStockThreshold ?? 2 * row.minOrderQuantity;
  return {
    ...toToolJson(row),
    lowStockThreshold: threshold,
    customLowStockThreshold: row.lowStockThreshold,
    lowStock: row.inStock <= threshold,
  };
}

/**
 * Manage Products: tools for sale by name, optionally only those at or below their threshold;
 * the search matches the name or the part number.
 */
export async function listAdminTools(
  db: Db,
  query: AdminToolListQuery,
): Promise<{ tools: AdminTool[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    isNull(tool.archivedAt),
    pattern
      ? or(sql`${tool.name} ILIKE ${pattern}`, sql`${tool.partNumber} ILIKE ${pattern}`)
      : undefined,
    query.lowStock ? sql`${tool.inStock} <= ${lowStockThresholdSql}` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(tool)
      .where(where)
      .orderBy(asc(tool.name), asc(tool.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(tool).where(where),
  ]);
  return { tools: rows.map(toAdminToolJson), total: counted?.total ?? 0 };
}
