import { and, asc, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LowStockTool } from '@voltforge/contract/admin-overview';
import { DEFAULT_LOW_STOCK_MINIMUM_ORDERS } from '@voltforge/contract/low-stock';
import type { Db, Tx } from '../db/client.ts';
import { tool } from '../db/schema/tool.ts';
import { lockToolsInOrder } from './tool-locks.ts';

/**
 * A tool's threshold in SQL, for filtering in the database: its own, or the contract's default
 * (`lowStockThresholdOf`), the factor passed in as a parameter rather than written here again.
 */
export const lowStockThresholdSql = sql<number>`coalesce(${tool.lowStockThreshold}, ${DEFAULT_LOW_STOCK_MINIMUM_ORDERS}::int * ${tool.minOrderQuantity})`;

/** Told to admins once per crossing: the tool that has just run low. */
export interface LowStockAlert {
  id: string;
  name: string;
  partNumber: string;
  inStock: number;
  lowStockThreshold: number;
}

/** What the app does when tools run low (mail the admins); runs inside the stock transaction. */
export type OnLowStock = (tx: Db | Tx, alerts: LowStockAlert[]) => Promise<void>;

/**
 * Call in the transaction that changed these tools' stock or thresholds. A tool that is now at or
 * below its threshold and was not yet reported is marked and returned (and handed to `onLowStock`);
 * a tool back above its threshold is unmarked, so its next fall is reported again. The marking is
 * one conditional UPDATE, so two orders taking the same tool low at once report it once.
 * `onLowStock` is required so that every caller decides: null only where stock can only rise.
 */
export async function syncLowStock(
  tx: Db | Tx,
  toolIds: readonly string[],
  onLowStock: OnLowStock | null,
): Promise<LowStockAlert[]> {
  if (toolIds.length === 0) return [];
  const ids = [...new Set(toolIds)];
  await lockToolsInOrder(tx, ids);
  await tx
    .update(tool)
    .set({ lowStockNotifiedAt: null })
    .where(
      and(
        inArray(tool.id, ids),
        isNotNull(tool.lowStockNotifiedAt),
        sql`${tool.inStock} > ${lowStockThresholdSql}`,
      ),
    );
  const alerts = await tx
    .update(tool)
    .set({ lowStockNotifiedAt: sql`now()` })
    .where(
      and(
        inArray(tool.id, ids),
        isNull(tool.lowStockNotifiedAt),
        isNull(tool.archivedAt),
        sql`${tool.inStock} <= ${lowStockThresholdSql}`,
      ),
    )
    .returning({
      id: tool.id,
      name: tool.name,
      partNumber: tool.partNumber,
      inStock: tool.inStock,
      lowStockThreshold: lowStockThresholdSql,
    });
  alerts.sort((a, b) => a.name.localeCompare(b.name));
  if (alerts.length > 0 && onLowStock) await onLowStock(tx, alerts);
  return alerts;
}

/** Tools for sale at or below their threshold, emptiest first. */
export async function listLowStock(db: Db | Tx): Promise<LowStockTool[]> {
  const rows = await db
    .select({
      id: tool.id,
      name: tool.name,
      partNumber: tool.partNumber,
      inStock: tool.inStock,
      minOrderQuantity: tool.minOrderQuantity,
      orderMultiple: tool.orderMultiple,
      lowStockThreshold: lowStockThresholdSql,
      notifiedAt: tool.lowStockNotifiedAt,
    })
    .from(tool)
    .where(and(isNull(tool.archivedAt), sql`${tool.inStock} <= ${lowStockThresholdSql}`))
    .orderBy(asc(tool.inStock), asc(tool.name), asc(tool.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    partNumber: r.partNumber,
    inStock: r.inStock,
    minOrderQuantity: r.minOrderQuantity,
    orderMultiple: r.orderMultiple,
    lowStockThreshold: Number(r.lowStockThreshold),
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
  }));
}
