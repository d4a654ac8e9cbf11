import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { dateIn, formatCalendarDate } from '@voltforge/contract/calendar';
import type { Batch, ToolSupply } from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import { stockMovement, supplyBatch, tool } from '../../db/schema/tool.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';

/*
 * Incoming batches (docs/payments.md, "Supply and availability"): staff enter what they expect
 * from the line and when, move it as plans change, and receive it, which adds what arrived to the
 * tool's stock once, in the transaction that marks the batch received, under the tool's lock.
 */

export interface SupplyDeps {
  /** SHOP_TIME_ZONE: whose "today" a batch may not be dated before. */
  timeZone: string;
  onLowStock: OnLowStock;
}

const batchColumns = {
  id: supplyBatch.id,
  toolId: supplyBatch.toolId,
  partNumber: tool.partNumber,
  name: tool.name,
  quantity: supplyBatch.quantity,
  expectedOn: supplyBatch.expectedOn,
  receivedAt: supplyBatch.receivedAt,
  receivedQuantity: supplyBatch.receivedQuantity,
  createdAt: supplyBatch.createdAt,
};

type BatchRow = {
  id: string;
  toolId: string;
  partNumber: string;
  name: string;
  quantity: number;
  expectedOn: string;
  receivedAt: Date | null;
  receivedQuantity: number | null;
  createdAt: Date;
};

const batchToJson = (b: BatchRow): Batch => ({
  ...b,
  receivedAt: b.receivedAt?.toISOString() ?? null,
  createdAt: b.createdAt.toISOString(),
});

function batchesWhere(db: Db) {
  return db.select(batchColumns).from(supplyBatch).innerJoin(tool, eq(tool.id, supplyBatch.toolId));
}

async function batchOf(db: Db, id: string): Promise<Batch> {
  if (!isUuid(id)) throw notFound(supplyMessages.notFound);
  const [row] = await batchesWhere(db).where(eq(supplyBatch.id, id));
  if (!row) throw notFound(supplyMessages.notFound);
  return batchToJson(row);
}

/** Staff's list: every batch (or the ones still expected, or received), earliest first. */
export async function listBatches(db: Db, received?: boolean): Promise<Batch[]> {
  const rows = await batchesWhere(db)
    .where(
      received === undefined
        ? undefined
        : received
          ? isNotNull(supplyBatch.receivedAt)
          : isNull(supplyBatch.receivedAt),
    )
    .orderBy(asc(supplyBatch.expectedOn), asc(supplyBatch.createdAt))
    .limit(500);
  return rows.map(batchToJson);
}

function refuseThePast(expectedOn: string, deps: Pick<SupplyDeps, 'timeZone'>) {
  if (expectedOn < dateIn(deps.timeZone, new Date())) {
    throw badRequest(supplyMessages.expectedOn, { expectedOn: supplyMessages.expectedOn });
  }
}

/** A batch expected for a tool for sale (not archived). */
export async function addBatch(
  db: Db,
  staff: Actor,
  toolId: string,
  input: { quantity: number; expectedOn: string },
  deps: Pick<SupplyDeps, 'timeZone'>,
): Promise<Batch> {
  refuseThePast(input.expectedOn, deps);
  if (!isUuid(toolId)) throw notFound(supplyMessages.toolNotFound);
  const [forSale] = await db
    .select({ id: tool.id })
    .from(tool)
    .where(and(eq(tool.id, toolId), isNull(tool.archivedAt)));
  if (!forSale) throw notFound(supplyMessages.toolNotFound);
  const [made] = await db
    .insert(supplyBatch)
    .values({ toolId, ...input, createdBy: staff.id })
    .returning({ id: supplyBatch.id });
  return batchOf(db, made!.id);
}

/** The batch is due on another day; a received batch cannot move. */
export async function moveBatch(
  db: Db,
  id: string,
  expectedOn: string,
  deps: Pick<SupplyDeps, 'timeZone'>,
): Promise<Batch> {
  refuseThePast(expectedOn, deps);
  const before = await batchOf(db, id);
  const [moved] = await db
    .update(supplyBatch)
    .set({ expectedOn, updatedAt: new Date() })
    .where(and(eq(supplyBatch.id, before.id), isNull(supplyBatch.receivedAt)))
    .returning({ id: supplyBatch.id });
  if (!moved) throw conflict(supplyMessages.received(receivedOn(await batchOf(db, id))));
  return batchOf(db, id);
}

const receivedOn = (b: Batch) =>
  b.receivedAt ? formatCalendarDate(b.receivedAt.slice(0, 10)) : '';

/**
 * Receives a batch (all of it, or the `quantity` that arrived, at most the batch's): in one
 * transaction the batch is marked received only if it was not (a second receipt changes nothing
 * and says when the first was), the tool's stock grows under its row lock, and a `receipt`
 * movement names the batch (a unique index: at most one per batch).
 */
export async function receiveBatch(
  db: Db,
  staff: Actor,
  id: string,
  quantity: number | undefined,
  deps: Pick<SupplyDeps, 'onLowStock'>,
): Promise<Batch> {
  const before = await batchOf(db, id);
  const arrived = quantity ?? before.quantity;
  if (arrived > before.quantity) throw badRequest(supplyMessages.receiveTooMuch(before.quantity));
  const done = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(supplyBatch)
      .set({ receivedAt: new Date(), receivedQuantity: arrived, updatedAt: new Date() })
      .where(and(eq(supplyBatch.id, id), isNull(supplyBatch.receivedAt)))
      .returning({ toolId: supplyBatch.toolId });
    if (!marked) return 'received' as const;
    const [stocked] = await tx
      .update(tool)
      .set({ inStock: sql`${tool.inStock} + ${arrived}` })
      .where(and(eq(tool.id, marked.toolId), lte(tool.inStock, INT32_MAX - arrived)))
      .returning({ id: tool.id });
    if (!stocked) throw conflict(supplyMessages.stockTooLarge);
    await tx.insert(stockMovement).values({
      toolId: marked.toolId,
      delta: arrived,
      reason: 'receipt',
      batchId: id,
      actorId: staff.id,
    });
    await syncLowStock(tx, [marked.toolId], deps.onLowStock);
    return 'done' as const;
  });
  const after = await batchOf(db, id);
  if (done === 'received') throw conflict(supplyMessages.received(receivedOn(after)));
  return after;
}

/** What availability needs of a tool for sale: its stock and the batches still expected. */
export async function toolSupply(db: Db, toolId: string): Promise<ToolSupply> {
  if (!isUuid(toolId)) throw notFound(supplyMessages.toolNotFound);
  const [row] = await db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(and(eq(tool.id, toolId), isNull(tool.archivedAt)));
  if (!row) throw notFound(supplyMessages.toolNotFound);
  const incoming = await db
    .select({ quantity: supplyBatch.quantity, expectedOn: supplyBatch.expectedOn })
    .from(supplyBatch)
    .where(and(eq(supplyBatch.toolId, toolId), isNull(supplyBatch.receivedAt)))
    .orderBy(asc(supplyBatch.expectedOn));
  // Back-orders are not sold yet: every tool sells from stock only.
  return { inStock: row.inStock, backorderable: false, leadTimeWeeks: null, incoming };
}
