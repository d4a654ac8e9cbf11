import type { PaymentAttemptOutcome } from '@voltforge/contract/order-timeline';
import type { Db, Tx } from '../../db/client.ts';
import { paymentAttempt } from '../../db/schema/payment.ts';

export interface PaymentAttemptRecord {
  orderId: string;
  provider: string;
  intentId: string;
  outcome: PaymentAttemptOutcome;
  amountCents?: number;
  /** The provider's reason for a declined card. */
  reason?: string | null;
  cardLast4?: string | null;
  /** The person who tried to pay; null for the provider or the shop. */
  actorId: string | null;
}

/**
 * Books one fact about an order's payment for its timeline. Call it where the fact is learnt,
 * once: a new intent when it is stored on the order, a decline when the provider gives it, the
 * success when the conditional UPDATE that marks the order paid wins.
 */
export async function recordPaymentAttempt(
  db: Db | Tx,
  attempt: PaymentAttemptRecord,
): Promise<void> {
  await db.insert(paymentAttempt).values({
    orderId: attempt.orderId,
    provider: attempt.provider,
    intentId: attempt.intentId,
    outcome: attempt.outcome,
    amountCents: attempt.amountCents ?? null,
    reason: attempt.reason ?? null,
    cardLast4: attempt.cardLast4 ?? null,
    actorId: attempt.actorId,
  });
}
