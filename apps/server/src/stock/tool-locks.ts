import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { tool } from '../db/schema/tool.ts';

/**
 * Locks these tools' rows in ascending id order, the one global order in which every transaction
 * takes tool rows (docs/architecture.md, "The lock order"): order placement, cancels and the
 * low-stock marking, so two of them sharing tools can never deadlock. Call it before updating
 * several tools in one transaction; PostgreSQL locks the rows of a SELECT … ORDER BY … FOR
 * UPDATE in the sorted order.
 */
export async function lockToolsInOrder(tx: Db | Tx, toolIds: readonly string[]): Promise<void> {
  if (toolIds.length < 2) return;
  await tx
    .select({ id: tool.id })
    .from(tool)
    .where(inArray(tool.id, [...toolIds]))
    .orderBy(asc(tool.id))
    .for('no key update');
}
