import { asc, eq, inArray } from 'drizzle-orm';
import { centsToDollars } from '@voltforge/contract/money';
import type { Refund } from '@voltforge/contract/refund';
import type { Db, Tx } from '../../db/client.ts';
import { creditNote, refund } from '../../db/schema/order.ts';

/** The refunds of these orders with their credit notes, oldest first, by order. */
export async function refundsOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, Refund[]>> {
  const byOrder = new Map<string, Refund[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ refund, note: { number: creditNote.number, issuedAt: creditNote.issuedAt } })
    .from(refund)
    .leftJoin(creditNote, eq(creditNote.refundId, refund.id))
    .where(inArray(refund.orderId, [...orderIds]))
    .orderBy(asc(refund.createdAt));
  for (const { refund: r, note } of rows) {
    const json: Refund = {
      id: r.id,
      status: r.status,
      amount: centsToDollars(r.amountCents),
      reason: r.reason,
      lines: r.lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })),
      shipping: r.shipping,
      restock: r.restock,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      creditNote:
        note?.number && note.issuedAt
          ? { number: note.number, issuedAt: note.issuedAt.toISOString() }
          : null,
    };
    const list = byOrder.get(r.orderId);
    if (list) list.push(json);
    else byOrder.set(r.orderId, [json]);
  }
  return byOrder;
}
