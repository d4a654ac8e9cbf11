import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  adminMessages,
  categoryKey,
  clashingCategory,
  toolFieldMessages,
  type DeletedCount,
  type ToolInputBody,
  type ToolPatchBody,
} from '@voltforge/contract/admin';
import { dollarsToCents } from '@voltforge/contract/money';
import type { Tool } from '@voltforge/contract/tool';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { stockMovement, tool, toolColumns } from '../../db/schema/tool.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http-error.ts';
import { isUniqueViolation } from '../../db/sql-state.ts';
import { partNumberMessages } from '@voltforge/contract/part-number';
import { pricingOfRow, toolToJson } from './tools.service.ts';
import { breaksInCents, pricingProblem, type Pricing } from '@voltforge/contract/pricing';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import { toolImageMessages } from '@voltforge/contract/tool-image-rules';
import { missingToolImages } from '../tool-images/tool-images.service.ts';

/** Explains a conditional UPDATE that changed nothing: the tool is gone (404), or its stock. */
async function stockForSale(db: Db, id: string): Promise<{ inStock: number }> {
  const [current] = await db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(and(eq(tool.id, id), isNull(tool.archivedAt)));
  if (!current) throw notFound(adminMessages.toolNotFound);
  return current;
}

/** A part number another tool already has (in any letter case): 409 naming the field. */
function partNumberTaken(partNumber: string) {
  const message = partNumberMessages.taken(partNumber);
  return new HttpError(409, 'conflict', message, { partNumber: message });
}

/** Turns the part-number index refusing a duplicate into that 409. */
function refuseTakenPartNumber(partNumber: string | undefined) {
  return (error: unknown): never => {
    if (partNumber && isUniqueViolation(error)) throw partNumberTaken(partNumber);
    throw error;
  };
}

/** A tool whose breaks or multiple do not fit its price and minimum: 400 naming the problem. */
function refuseBadPricing(pricing: Pricing): void {
  const problem = pricingProblem(pricing);
  if (problem) throw badRequest(problem, { priceBreaks: problem });
}

/**
 * Refuses a category that differs from one in use only by letter case or spaces (409 naming
 * the existing one), so a typo never starts a second "Hand Tools". A new category on purpose is
 * fine. `except` is the tool being edited: its own old spelling does not count.
 */
async function refuseCategoryClash(db: Db | Tx, category: string, except?: string) {
  const rows = await db
    .selectDistinct({ category: tool.category })
    .from(tool)
    .where(
      and(
        isNull(tool.archivedAt),
        except ? ne(tool.id, except) : undefined,
        sql`lower(regexp_replace(btrim(${tool.category}), '[[:space:]]+', ' ', 'g')) = ${categoryKey(category)}`,
      ),
    );
  const existing = clashingCategory(
    category,
    rows.map((r) => r.category),
  );
  if (existing) {
    const message = toolFieldMessages.categoryClash(existing);
    throw new HttpError(409, 'conflict', message, { category: message });
  }
}

/** Refuses (400 on the field) an uploaded picture's address that names no picture stored here. */
async function refuseMissingPicture(db: Db, img: string | undefined) {
  if (img === undefined || (await missingToolImages(db, [img])).size === 0) return;
  throw badRequest(toolImageMessages.notUploaded, { img: toolImageMessages.notUploaded });
}

/**
 * Adds a tool; its opening stock is an intake, booked as a 'restock' movement by the admin who
 * added it (as the seed books the demo catalogue's).
 */
export async function createTool(
  db: Db,
  admin: Actor,
  input: ToolInputBody,
  onLowStock: OnLowStock,
): Promise<Tool> {
  const actorId = admin.id;
  await refuseCategoryClash(db, input.category);
  await refuseMissingPicture(db, input.img);
  const created = db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tool)
      .values({
        partNumber: input.partNumber,
        lowStockThreshold: input.lowStockThreshold ?? null,
        name: input.name,
        description: input.desc,
        imageUrl: input.img,
        category: input.category,
        priceCents: dollarsToCents(input.price),
        minOrderQuantity: input.minOrderQuantity,
        orderMultiple: input.orderMultiple ?? 1,
        priceBreaks: breaksInCents(input.priceBreaks ?? []),
        inStock: input.inStock,
      })
      .returning(toolColumns);
    if (!row) throw new Error('tool insert returned no row');
    if (row.inStock > 0) {
      await tx
        .insert(stockMovement)
        .values({ toolId: row.id, delta: row.inStock, reason: 'restock', actorId });
    }
    await syncLowStock(tx, [row.id], onLowStock);
    return toolToJson(row);
  });
  return created.catch(refuseTakenPartNumber(input.partNumber));
}

/**
 * Edits a tool that is for sale. A new stock level only applies if the stock is still the one
 * the admin's form was loaded with (`expectedInStock`): a single conditional UPDATE ... WHERE
 * in_stock = expected, so orders placed since are never overwritten by a stale number. The
 * change is booked as an 'adjust' movement of the difference, in the same transaction.
 */
export async function updateTool(
  db: Db,
  admin: Actor,
  { id, expectedInStock, inStock, ...fields }: ToolPatchBody & { id: string },
  onLowStock: OnLowStock,
): Promise<Tool> {
  if (!isUuid(id)) throw notFound(adminMessages.toolNotFound);
  const actorId = admin.id;
  if (fields.category !== undefined) await refuseCategoryClash(db, fields.category, id);
  await refuseMissingPicture(db, fields.img);
  // The contract refuses inStock without expectedInStock; expectedInStock alone changes nothing.
  const stock =
    inStock === undefined || expectedInStock === undefined
      ? null
      : { from: expectedInStock, to: inStock };
  const updated = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(tool)
        .set({
          partNumber: fields.partNumber,
          lowStockThreshold: fields.lowStockThreshold,
          name: fields.name,
          description: fields.desc,
          imageUrl: fields.img,
          category: fields.category,
          priceCents: fields.price === undefined ? undefined : dollarsToCents(fields.price),
          minOrderQuantity: fields.minOrderQuantity,
          orderMultiple: fields.orderMultiple,
          priceBreaks: fields.priceBreaks && breaksInCents(fields.priceBreaks),
          inStock: stock?.to,
        })
        .where(
          and(
            eq(tool.id, id),
            isNull(tool.archivedAt),
            stock ? eq(tool.inStock, stock.from) : undefined,
          ),
        )
        .returning(toolColumns);
      if (!row) return null;
      // The breaks must still fit the price and minimum as this edit leaves them (rolled back).
      refuseBadPricing(pricingOfRow(row));
      const delta = stock ? stock.to - stock.from : 0;
      if (delta !== 0) {
        await tx.insert(stockMovement).values({ toolId: id, delta, reason: 'adjust', actorId });
      }
      // A new stock level, threshold or minimum order can each cross the low-stock line.
      await syncLowStock(tx, [id], onLowStock);
      return row;
    })
    .catch(refuseTakenPartNumber(fields.partNumber));
  if (updated) return toolToJson(updated);
  const current = await stockForSale(db, id);
  throw conflict(adminMessages.stockChanged(current.inStock));
}

/**
 * Add Quantity: one atomic UPDATE (no read-then-write, so concurrent restocks and orders all
 * count) and its 'restock' movement, in one transaction.
 */
export async function restockTool(
  db: Db,
  admin: Actor,
  { id, quantity }: { id: string; quantity: number },
  onLowStock: OnLowStock,
): Promise<Tool> {
  if (!isUuid(id)) throw notFound(adminMessages.toolNotFound);
  const actorId = admin.id;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tool)
      .set({ inStock: sql`${tool.inStock} + ${quantity}` })
      .where(and(eq(tool.id, id), isNull(tool.archivedAt), lte(tool.inStock, INT32_MAX - quantity)))
      .returning(toolColumns);
    if (!row) return null;
    await tx
      .insert(stockMovement)
      .values({ toolId: id, delta: quantity, reason: 'restock', actorId });
    await syncLowStock(tx, [id], onLowStock);
    return row;
  });
  if (updated) return toolToJson(updated);
  await stockForSale(db, id);
  throw conflict(adminMessages.stockTooLarge);
}

/**
 * Deleting a tool archives it: it leaves the catalogue, and orders that name it keep it.
 * 1 when this call archived it, 0 when it already was archived.
 */
export async function archiveTool(db: Db, id: string): Promise<DeletedCount> {
  if (!isUuid(id)) throw notFound(adminMessages.toolNotFound);
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
