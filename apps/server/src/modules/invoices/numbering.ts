import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentCounter } from '../../db/schema/order.ts';

/** The kinds of document whose numbers must have no gaps. */
export type NumberedKind = (typeof documentCounter.$inferSelect)['kind'];

/**
 * The next number of `kind` in `year`, taken inside the caller's transaction (docs/payments.md,
 * "Numbering"). One statement creates the year's counter at 1 or moves it on by one, and keeps the
 * counter row locked until the transaction ends: a concurrent issuer (on any instance) waits for
 * it, and a rollback gives the number back, so the numbers of a year run 1, 2, 3… with no gap and
 * no duplicate. A database sequence could not promise that: a rolled-back nextval is lost.
 */
export async function nextDocumentNumber(
  tx: Tx,
  kind: NumberedKind,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounter)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounter.kind, documentCounter.year],
      set: { last: sql`${documentCounter.last} + 1` },
    })
    .returning({ last: documentCounter.last });
  if (!row) throw new Error(`no ${kind} number was taken for ${year}`);
  return row.last;
}
