import { and, eq, ne } from 'drizzle-orm';
import type { CreditNoteSnapshot } from '@voltforge/contract/invoice-rules';
import type { Tx } from '../../db/client.ts';
import { creditNote, refund, type OrderRow, type RefundRow } from '../../db/schema/order.ts';

type CreditNoteLine = CreditNoteSnapshot['lines'][number];

/**
 * The lines of a refund's credit note, which add up to its goods (docs/payments.md, "Refunds and
 * credit notes"), so that lines + shipping + tax = the total refunded, as on an invoice:
 * - an amount refund has no lines of its own: one line states the amount before tax;
 * - refunded lines are listed at the price they were bought at; when the refund returns less for
 *   them than that (an amount refunded before already returned part of the order, or the last
 *   refund absorbs the cents each refund's rounding of tax moved), one more line states the
 *   difference and why.
 */
export async function creditNoteLines(
  tx: Tx,
  row: OrderRow,
  made: RefundRow,
): Promise<CreditNoteLine[]> {
  if (made.lines.length === 0 && !made.shipping) {
    return [line('Amount refunded, before tax', made.goodsCents)];
  }
  const byLine = new Map(row.lines.map((l) => [l.lineNo, l]));
  const refunded = made.lines.flatMap((l) => {
    const bought = byLine.get(l.lineNo);
    return bought
      ? [
          {
            partNumber: bought.partNumber,
            name: bought.toolName,
            quantity: l.quantity,
            unitPriceCents: bought.unitPriceCents,
            totalCents: l.amountCents,
            customerRef: bought.customerRef,
          },
        ]
      : [];
  });
  const difference = made.goodsCents - refunded.reduce((sum, l) => sum + l.totalCents, 0);
  if (difference === 0) return refunded;
  const amounts = await earlierAmountNotes(tx, made);
  const why =
    amounts.length > 0
      ? `Less the amount refunded before (${amounts.join(', ')})`
      : 'Rounding of the tax of earlier refunds';
  return [...refunded, line(why, difference)];
}

function line(name: string, cents: number): CreditNoteLine {
  return { partNumber: '', name, quantity: 1, unitPriceCents: cents, totalCents: cents };
}

/** The credit notes of the order's earlier amount refunds, in number order. */
async function earlierAmountNotes(tx: Tx, made: RefundRow): Promise<string[]> {
  const rows = await tx
    .select({ number: creditNote.number, lines: refund.lines, shipping: refund.shipping })
    .from(creditNote)
    .innerJoin(refund, eq(refund.id, creditNote.refundId))
    .where(and(eq(creditNote.orderId, made.orderId), ne(refund.id, made.id)))
    .orderBy(creditNote.year, creditNote.seq);
  return rows.filter((r) => r.lines.length === 0 && !r.shipping).map((r) => r.number);
}
