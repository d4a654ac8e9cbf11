import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/*
 * Back-orders' promised days (docs/payments.md, "Back-orders"): a tool's waiting back-orders,
 * oldest first, are dated by its incoming batches and then its lead time
 * (`voltforge_repromise`); when its supply changes, the lines whose day moved are handed to the
 * buyers' mail, in the same transaction.
 */

/** A back-ordered line whose promised day moved. */
export interface PromiseMoved {
  orderId: string;
  lineNo: number;
  /** YYYY-MM-DD. */
  was: string | null;
  promised: string;
}

/** Tells the buyers whose days moved (written in the transaction that moved them). */
export type OnPromisesMoved = (tx: Db | Tx, moved: PromiseMoved[]) => Promise<void>;

export interface PromiseDeps {
  /** SHOP_TIME_ZONE: the calendar the days are in. */
  timeZone: string;
  onPromisesMoved: OnPromisesMoved;
}

type MovedRow = { order_id: string; line_no: number; was: string | null; promised: string };

/** Dates every waiting back-order of these tools again and tells those whose day moved. */
export async function repromise(
  tx: Db | Tx,
  toolIds: readonly string[],
  today: string,
  deps: PromiseDeps,
): Promise<PromiseMoved[]> {
  const moved: PromiseMoved[] = [];
  for (const toolId of [...new Set(toolIds)].sort()) {
    const result = (await tx.execute<MovedRow>(
      sql`select order_id, line_no, was::text as was, promised::text as promised
            from voltforge_repromise(${toolId}::uuid, ${today}::date, ${deps.timeZone})`,
    )) as { rows: MovedRow[] };
    for (const r of result.rows) {
      moved.push({
        orderId: r.order_id,
        lineNo: Number(r.line_no),
        was: r.was,
        promised: r.promised,
      });
    }
  }
  if (moved.length > 0) await deps.onPromisesMoved(tx, moved);
  return moved;
}
