import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { creditEntry } from '../../db/schema/credit.ts';
import { invoice } from '../../db/schema/order.ts';

/*
 * The credit ledger (docs/payments.md, "Payment on account"). Rows are only added: the
 * placement function holds an order's total (place-orders.sql), a payment received settles part
 * of it, a cancellation releases what was still owed. What a company owes is the ledger's sum.
 */

/** Σ hold − Σ settle − Σ release, as the placement function sums it under the company's lock. */
const owedSum = sql<string>`coalesce(sum(case when ${creditEntry.kind} = 'hold' then ${creditEntry.amountCents} else -${creditEntry.amountCents} end), 0)`;

/** What each company owes, in cents (0 for one with no entries). */
export async function owedByCompany(
  db: Db | Tx,
  companyIds: readonly string[],
): Promise<Map<string, number>> {
  const owed = new Map<string, number>(companyIds.map((id) => [id, 0]));
  if (companyIds.length === 0) return owed;
  const rows = await db
    .select({ companyId: creditEntry.companyId, owed: owedSum })
    .from(creditEntry)
    .where(inArray(creditEntry.companyId, [...companyIds]))
    .groupBy(creditEntry.companyId);
  for (const r of rows) owed.set(r.companyId, Number(r.owed));
  return owed;
}

/** What one order on account still owes: its hold less what was settled or released. */
export async function owedByOrder(tx: Db | Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ owed: owedSum })
    .from(creditEntry)
    .where(eq(creditEntry.orderId, orderId));
  return Number(row?.owed ?? 0);
}

/**
 * A cancelled order on account gives back what it still owed, in the cancel's transaction: at
 * most once per order (a unique index; a second call adds nothing), and nothing for an order
 * that held no credit or is settled.
 */
export async function releaseHold(tx: Tx, orderId: string): Promise<number> {
  const [hold] = await tx
    .select({ companyId: creditEntry.companyId })
    .from(creditEntry)
    .where(and(eq(creditEntry.orderId, orderId), eq(creditEntry.kind, 'hold')));
  if (!hold) return 0;
  // The invoice's lock, as recording a payment takes it: a payment and this release never race.
  await tx.execute(sql`select 1 from ${invoice} where ${invoice.orderId} = ${orderId} for update`);
  const owed = await owedByOrder(tx, orderId);
  if (owed <= 0) return 0;
  const released = await tx
    .insert(creditEntry)
    .values({ companyId: hold.companyId, orderId, kind: 'release', amountCents: owed })
    .onConflictDoNothing()
    .returning({ id: creditEntry.id });
  return released.length > 0 ? owed : 0;
}

/** A payment received settles that much of an order's hold (the caller holds the invoice's lock). */
export async function settleCredit(
  tx: Tx,
  entry: { companyId: string; orderId: string; paymentId: string; amountCents: number },
): Promise<void> {
  await tx.insert(creditEntry).values({ ...entry, kind: 'settle' });
}
