import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { stockMovement, tool } from '../db/schema/tool.ts';

/** Pieces of one line of an order that should go back in stock. */
export interface PiecesBack {
  toolId: string;
  /** What the line ordered: the most that can ever come back for it. */
  ordered: number;
  /** What this return asks to put back. */
  quantity: number;
}

/**
 * Puts pieces of an order back in stock, each line at most what it ordered less what came back
 * already: a cancel returns what a refund with restock has not, and a refund settled after a
 * cancel returns nothing. The ledger (`stock_movement`, reasons `cancel` and `refund`) says what
 * came back; it is read after the tools are locked (every tool, in the global order), so a cancel
 * and a refund settling at the same moment, on any instances, are serialised and cannot both
 * return the same pieces. Writes a movement per line that gets any back; answers what each tool
 * got back.
 */
export async function returnToStock(
  tx: Tx,
  orderId: string,
  reason: 'cancel' | 'refund',
  actorId: string | null,
  lines: readonly PiecesBack[],
): Promise<Map<string, number>> {
  const back = new Map<string, number>();
  const toolIds = [...new Set(lines.map((l) => l.toolId))];
  if (toolIds.length === 0) return back;
  await tx
    .select({ id: tool.id })
    .from(tool)
    .where(inArray(tool.id, toolIds))
    .orderBy(asc(tool.id))
    .for('no key update');
  const earlier = await tx
    .select({ toolId: stockMovement.toolId, pieces: sql<number>`sum(${stockMovement.delta})::int` })
    .from(stockMovement)
    .where(
      and(
        eq(stockMovement.orderId, orderId),
        inArray(stockMovement.reason, ['cancel', 'refund']),
        inArray(stockMovement.toolId, toolIds),
      ),
    )
    .groupBy(stockMovement.toolId);
  const returned = new Map(earlier.map((e) => [e.toolId, Number(e.pieces)]));
  for (const line of lines) {
    const left = line.ordered - (returned.get(line.toolId) ?? 0);
    const pieces = Math.min(line.quantity, left);
    if (pieces <= 0) continue;
    returned.set(line.toolId, (returned.get(line.toolId) ?? 0) + pieces);
    back.set(line.toolId, (back.get(line.toolId) ?? 0) + pieces);
  }
  for (const [toolId, pieces] of back) {
    await tx
      .update(tool)
      .set({ inStock: sql`${tool.inStock} + ${pieces}` })
      .where(eq(tool.id, toolId));
  }
  if (back.size > 0) {
    await tx
      .insert(stockMovement)
      .values(
        [...back].map(([toolId, pieces]) => ({ toolId, delta: pieces, reason, orderId, actorId })),
      );
  }
  return back;
}
