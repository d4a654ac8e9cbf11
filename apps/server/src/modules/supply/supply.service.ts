import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { dateIn, formatCalendarDate } from '@voltforge/contract/calendar';
import type {
  BackorderSummary,
  Batch,
  ToolSupply,
  ToolSupplySettings,
} from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import { stockMovement, supplyBatch, tool } from '../../db/schema/tool.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { syncLowStock, type OnLowStock } from '../../stock/low-stock.service.ts';
import { repromise, type PromiseDeps } from '../../stock/back-orders.ts';
import { order, orderLine } from '../../db/schema/order.ts';
import { suppliesOf } from '../../stock/supply-read.ts';

/*
 * Incoming batches (docs/payments.md, "Supply and availability"): staff enter what they expect
 * from the line and when, move it as plans change, and receive it, which adds what arrived to the
 * tool's stock once, in the transaction that marks the batch received, under the tool's lock.
 */

export interface SupplyDeps extends PromiseDeps {
  /** SHOP_TIME_ZONE: whose "today" a batch may not be dated before, and promises are dated in. */
  timeZone: string;
  onLowStock: OnLowStock;
}

const todayIn = (deps: Pick<SupplyDeps, 'timeZone'>) => dateIn(deps.timeZone, new Date());

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
  deps: SupplyDeps,
): Promise<Batch> {
  refuseThePast(input.expectedOn, deps);
  if (!isUuid(toolId)) throw notFound(supplyMessages.toolNotFound);
  const [forSale] = await db
    .select({ id: tool.id })
    .from(tool)
    .where(and(eq(tool.id, toolId), isNull(tool.archivedAt)));
  if (!forSale) throw notFound(supplyMessages.toolNotFound);
  // The batch and the back-orders it dates anew commit together (docs/payments.md, "Back-orders").
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supplyBatch)
      .values({ toolId, ...input, createdBy: staff.id })
      .returning({ id: supplyBatch.id });
    await repromise(tx, [toolId], todayIn(deps), deps);
    return row!;
  });
  return batchOf(db, made.id);
}

/** The batch is due on another day; a received batch cannot move. */
export async function moveBatch(
  db: Db,
  id: string,
  expectedOn: string,
  deps: SupplyDeps,
): Promise<Batch> {
  refuseThePast(expectedOn, deps);
  const before = await batchOf(db, id);
  // The move and the buyers told of their new day commit together.
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(supplyBatch)
      .set({ expectedOn, updatedAt: new Date() })
      .where(and(eq(supplyBatch.id, before.id), isNull(supplyBatch.receivedAt)))
      .returning({ toolId: supplyBatch.toolId });
    if (row) await repromise(tx, [row.toolId], todayIn(deps), deps);
    return row;
  });
  if (!moved) throw conflict(supplyMessages.received(receivedOn(await batchOf(db, id))));
  return batchOf(db, id);
}

const receivedOn = (b: Batch) =>
  b.receivedAt ? formatCalendarDate(b.receivedAt.slice(0, 10)) : '';

/**
 * Receives a batch (all of it, or the `quantity` that arrived, at most the batch's): in one
 * transaction the batch is marked received only if it was not (a second receipt changes nothing
 * and says when the first was), the tool's stock grows under its row lock, and a `receipt`
 * movement names the batch (a unique index: at most one per batch). What arrived goes to the
 * tool's waiting back-orders first, oldest first (the tool table's trigger); those still waiting
 * are dated again (a batch short of its quantity moves them later) and told.
 */
export async function receiveBatch(
  db: Db,
  staff: Actor,
  id: string,
  quantity: number | undefined,
  deps: SupplyDeps,
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
    await repromise(tx, [marked.toolId], todayIn(deps), deps);
    await syncLowStock(tx, [marked.toolId], deps.onLowStock);
    return 'done' as const;
  });
  const after = await batchOf(db, id);
  if (done === 'received') throw conflict(supplyMessages.received(receivedOn(after)));
  return after;
}

/**
 * What availability needs of a tool for sale: its stock, whether it may be back-ordered and its
 * lead time, and what of each batch still expected is not promised to waiting back-orders.
 */
export async function toolSupply(db: Db, toolId: string): Promise<ToolSupply> {
  if (!isUuid(toolId)) throw notFound(supplyMessages.toolNotFound);
  const [forSale] = await db
    .select({ id: tool.id })
    .from(tool)
    .where(and(eq(tool.id, toolId), isNull(tool.archivedAt)));
  const supply = forSale ? (await suppliesOf(db, [toolId])).get(toolId) : undefined;
  if (!supply) throw notFound(supplyMessages.toolNotFound);
  return { ...supply, incoming: [...supply.incoming] };
}

/**
 * Whether a tool may be sold beyond its stock, and its lead time; its waiting back-orders are
 * dated again (a lead time changed moves what no batch covers) and their buyers told.
 */
export async function setToolSupply(
  db: Db,
  toolId: string,
  settings: ToolSupplySettings,
  deps: SupplyDeps,
): Promise<ToolSupply> {
  if (!isUuid(toolId)) throw notFound(supplyMessages.toolNotFound);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tool)
      .set({ backorderable: settings.backorderable, leadTimeWeeks: settings.leadTimeWeeks })
      .where(and(eq(tool.id, toolId), isNull(tool.archivedAt)))
      .returning({ id: tool.id });
    if (row) await repromise(tx, [toolId], todayIn(deps), deps);
    return row;
  });
  if (!changed) throw notFound(supplyMessages.toolNotFound);
  return toolSupply(db, toolId);
}

/**
 * Back-orders per tool, most owed first: the pieces owed and on how many lines, the oldest, the
 * earliest day promised, the next batch and the lead time.
 */
export async function listBackorders(db: Db): Promise<BackorderSummary[]> {
  const rows = await db
    .select({
      toolId: tool.id,
      partNumber: tool.partNumber,
      name: tool.name,
      owed: sql<number>`sum(${orderLine.backordered})::int`,
      lines: sql<number>`count(*)::int`,
      oldestOrderedAt: sql<Date | string>`min(${order.createdAt})`,
      earliestPromise: sql<string | null>`min(${orderLine.promisedOn})::text`,
      nextBatch: sql<{ quantity: number; expectedOn: string } | null>`(
        select jsonb_build_object('quantity', b.quantity, 'expectedOn', b.expected_on)
          from ${supplyBatch} b where b.tool_id = ${tool.id} and b.received_at is null
         order by b.expected_on, b.created_at, b.id limit 1)`,
      leadTimeWeeks: tool.leadTimeWeeks,
    })
    .from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId))
    .innerJoin(tool, eq(tool.id, orderLine.toolId))
    .where(sql`${orderLine.backordered} > 0`)
    .groupBy(tool.id)
    .orderBy(sql`sum(${orderLine.backordered}) desc`, asc(tool.partNumber))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    owed: Number(r.owed),
    lines: Number(r.lines),
    oldestOrderedAt: new Date(r.oldestOrderedAt).toISOString(),
  }));
}
