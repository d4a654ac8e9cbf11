import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { orderLine } from '../db/schema/order.ts';
import { stockMovement, tool } from '../db/schema/tool.ts';

/** Pieces of one line of an order that should go back (a cancel: all of them). */
export interface PiecesBack {
  lineNo: number;
  toolId: string;
  /** What this return asks to take back. */
  quantity: number;
}

/**
 * Takes pieces of an order's lines back (docs/payments.md, "Back-orders"): from each line what is
 * still owed first (back-ordered: cancelled, nothing to put back), then what is set aside for it
 * (allocated: cancelled, back in stock), then what shipped and has not come back yet (returned,
 * back in stock); never more than that, so a cancel takes what a refund with restock has not,
 * and a refund settled after a cancel takes nothing. The tools are locked first (every tool, in
 * the global order), then the lines, so a cancel and a refund settling at the same moment, on
 * any instances, are serialised and cannot both take the same pieces. Stock that comes back goes
 * to the tool's waiting back-orders first (the tool table's trigger); owed pieces cancelled leave
 * the tool's backlog. Writes a movement per tool
 * that gets any back; answers the pieces each tool got back in stock.
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
  const held = await tx
    .select()
    .from(orderLine)
    .where(
      and(
        eq(orderLine.orderId, orderId),
        inArray(
          orderLine.lineNo,
          lines.map((l) => l.lineNo),
        ),
      ),
    )
    .orderBy(asc(orderLine.lineNo))
    .for('update');
  const asked = new Map<number, number>();
  const noLongerOwed = new Map<string, number>();
  for (const l of lines) asked.set(l.lineNo, (asked.get(l.lineNo) ?? 0) + l.quantity);
  for (const line of held) {
    let left = Math.max(0, asked.get(line.lineNo) ?? 0);
    const owed = Math.min(left, line.backordered);
    left -= owed;
    const setAside = Math.min(left, line.allocated);
    left -= setAside;
    const returned = Math.min(left, line.shipped - line.returned);
    if (owed + setAside + returned === 0) continue;
    await tx
      .update(orderLine)
      .set({
        backordered: line.backordered - owed,
        allocated: line.allocated - setAside,
        cancelled: line.cancelled + owed + setAside,
        returned: line.returned + returned,
        promisedOn: line.backordered - owed > 0 ? line.promisedOn : null,
      })
      .where(and(eq(orderLine.orderId, orderId), eq(orderLine.lineNo, line.lineNo)));
    const pieces = setAside + returned;
    if (pieces > 0) back.set(line.toolId, (back.get(line.toolId) ?? 0) + pieces);
    if (owed > 0) noLongerOwed.set(line.toolId, (noLongerOwed.get(line.toolId) ?? 0) + owed);
  }
  // The tool's backlog loses the owed pieces first, so stock coming back in the same update goes
  // to the back-orders still waiting.
  for (const toolId of new Set([...back.keys(), ...noLongerOwed.keys()])) {
    await tx
      .update(tool)
      .set({
        inStock: sql`${tool.inStock} + ${back.get(toolId) ?? 0}`,
        backlog: sql`${tool.backlog} - ${noLongerOwed.get(toolId) ?? 0}`,
      })
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
