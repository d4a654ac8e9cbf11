import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  adminMessages,
  type DeletedCount,
  type ToolInputBody,
  type ToolPatchBody,
} from '@voltforge/contract/admin';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Tool } from '@voltforge/contract/tool';
import type { Db } from '../../db/client.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { conflict, notFound } from '../../http-error.ts';
import { isToolId, toToolJson } from './tools.service.ts';

/** The largest value of the database's `integer` columns. */
const INT32_MAX = 2_147_483_647;

/** Adds a tool; its opening stock is recorded as a stock movement by the admin who added it. */
export async function createTool(db: Db, actorId: string, input: ToolInputBody): Promise<Tool> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tool)
      .values({
        name: input.name,
        description: input.desc,
        imageUrl: input.img,
        category: input.category,
        priceCents: dollarsToCents(input.price),
        minOrderQuantity: input.minOrderQuantity,
        inStock: input.inStock,
      })
      .returning();
    if (!row) throw new Error('tool insert returned no row');
    if (row.inStock > 0) {
      await tx
        .insert(stockMovement)
        .values({ toolId: row.id, delta: row.inStock, reason: 'adjust', actorId });
    }
    return toToolJson(row);
  });
}

/**
 * Edits a tool that is for sale. A new stock level is an 'adjust' movement of the difference:
 * the row is locked first, so an order placed meanwhile is counted either before or after,
 * never lost from the books.
 */
export async function updateTool(
  db: Db,
  actorId: string,
  id: string,
  patch: ToolPatchBody,
): Promise<Tool> {
  if (!isToolId(id)) throw notFound(adminMessages.toolNotFound);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ inStock: tool.inStock })
      .from(tool)
      .where(and(eq(tool.id, id), isNull(tool.archivedAt)))
      .for('update');
    if (!current) throw notFound(adminMessages.toolNotFound);
    const [row] = await tx
      .update(tool)
      .set({
        name: patch.name,
        description: patch.desc,
        imageUrl: patch.img,
        category: patch.category,
        priceCents: patch.price === undefined ? undefined : dollarsToCents(patch.price),
        minOrderQuantity: patch.minOrderQuantity,
        inStock: patch.inStock,
      })
      .where(eq(tool.id, id))
      .returning();
    if (!row) throw notFound(adminMessages.toolNotFound);
    const delta = row.inStock - current.inStock;
    if (delta !== 0) {
      await tx.insert(stockMovement).values({ toolId: id, delta, reason: 'adjust', actorId });
    }
    return toToolJson(row);
  });
}

/**
 * Add Quantity: one atomic UPDATE (no read-then-write, so concurrent restocks and orders all
 * count) and its 'restock' movement, in one transaction.
 */
export async function restockTool(
  db: Db,
  actorId: string,
  id: string,
  quantity: number,
): Promise<Tool> {
  if (!isToolId(id)) throw notFound(adminMessages.toolNotFound);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tool)
      .set({ inStock: sql`${tool.inStock} + ${quantity}` })
      .where(and(eq(tool.id, id), isNull(tool.archivedAt), lte(tool.inStock, INT32_MAX - quantity)))
      .returning();
    if (!row) return null;
    await tx
      .insert(stockMovement)
      .values({ toolId: id, delta: quantity, reason: 'restock', actorId });
    return row;
  });
  if (updated) return toToolJson(updated);
  const [exists] = await db
    .select({ id: tool.id })
    .from(tool)
    .where(and(eq(tool.id, id), isNull(tool.archivedAt)));
  if (!exists) throw notFound(adminMessages.toolNotFound);
  throw conflict(adminMessages.stockTooLarge);
}

/**
 * Deleting a tool archives it: it leaves the catalogue, and orders that name it keep it.
 * 1 when this call archived it, 0 when it already was archived.
 */
export async function archiveTool(db: Db, id: string): Promise<DeletedCount> {
  if (!isToolId(id)) throw notFound(adminMessages.toolNotFound);
  const archived = await db
    .update(tool)
    .set({ archivedAt: new Date() })
    .where(and(eq(tool.id, id), isNull(tool.archivedAt)))
    .returning({ id: tool.id });
  if (archived.length > 0) return { deletedCount: 1 };
  const [exists] = await db.select({ id: tool.id }).from(tool).where(eq(tool.id, id));
  if (!exists) throw notFound(adminMessages.toolNotFound);
  return { deletedCount: 0 };
}
