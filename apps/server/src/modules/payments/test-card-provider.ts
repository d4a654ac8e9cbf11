import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  expiryInPast,
  paymentMessages,
  testCards,
  type TestCardOutcome,
} from '@voltforge/contract/payment-rules';
import type { Db } from '../../db/client.ts';
import { order } from '../../db/schema/order.ts';
import { testPaymentIntent, testRefund } from '../../db/schema/payment.ts';
import { formatCents } from '@voltforge/contract/money';
import { badRequest, conflict, HttpError, notFound } from '../../http-error.ts';
import { recordPaymentAttempt } from '../order-timeline/payment-attempts.ts';
import type {
  CreateIntentInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  RefundInput,
} from './payment-provider.ts';

type IntentRow = typeof testPaymentIntent.$inferSelect;

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    orderId: row.orderId,
    provider: 'test',
    lastPaymentError: row.lastPaymentError,
    cardLast4: row.cardLast4,
  };
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The built-in provider for development, demos and tests. Its intents live in the database so
 * that every server instance agrees on them; it never moves money.
 */
export function createTestProvider(db: Db): PaymentProvider {
  return {
    name: 'test',

    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${token(12)}`;
      // Like Stripe's Idempotency-Key: a second create with the same key returns the first intent.
      await db
        .insert(testPaymentIntent)
        .values({
          id,
          clientSecret: `${id}_secret_${token(16)}`,
          orderId: input.orderId,
          amountCents: input.amountCents,
          currency: input.currency,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: testPaymentIntent.idempotencyKey });
      const [row] = await db
        .select()
        .from(testPaymentIntent)
        .where(eq(testPaymentIntent.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('test payment intent vanished after insert');
      return toIntent(row);
    },

    async retrieveIntent(id: string) {
      const [row] = await db.select().from(testPaymentIntent).where(eq(testPaymentIntent.id, id));
      return row ? toIntent(row) : null;
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      // Like Stripe: one refund per idempotency key, and never more in all than was captured.
      return db.transaction(async (tx) => {
        const [again] = await tx
          .select()
          .from(testRefund)
          .where(eq(testRefund.idempotencyKey, input.idempotencyKey));
        if (again) return { id: again.id, status: 'succeeded' as const };
        const [intent] = await tx
          .select()
          .from(testPaymentIntent)
          .where(eq(testPaymentIntent.id, input.intentId))
          .for('update');
        if (!intent || intent.status !== 'succeeded') {
          return {
            id: null,
            status: 'failed' as const,
            message: 'This payment has not succeeded, so it cannot be refunded.',
          };
        }
        const [taken] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testRefund.amountCents}), 0)::int` })
          .from(testRefund)
          .where(eq(testRefund.intentId, intent.id));
        const left = intent.amountCents - Number(taken?.cents ?? 0);
        if (input.amountCents > left) {
          return {
            id: null,
            status: 'failed' as const,
            message: `Refund amount (${formatCents(input.amountCents)}) is greater than the unrefunded amount on the charge (${formatCents(left)}).`,
          };
        }
        const id = `re_test_${token(12)}`;
        await tx.insert(testRefund).values({
          id,
          intentId: intent.id,
          amountCents: input.amountCents,
          idempotencyKey: input.idempotencyKey,
        });
        return { id, status: 'succeeded' as const };
      });
    },

    async cancelIntent(id: string) {
      // Conditional, like Stripe: a succeeded intent cannot be cancelled any more.
      const [cancelled] = await db
        .update(testPaymentIntent)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntent.id, id), ne(testPaymentIntent.status, 'succeeded')))
        .returning();
      if (cancelled) return toIntent(cancelled);
      const [row] = await db.select().from(testPaymentIntent).where(eq(testPaymentIntent.id, id));
      return row ? toIntent(row) : null;
    },
  };
}

const declineMessages: Record<Exclude<TestCardOutcome, 'succeeds'>, string> = {
  declined: paymentMessages.declined,
  insufficient_funds: paymentMessages.insufficientFunds,
  expired_card: paymentMessages.expiredCard,
  incorrect_cvc: paymentMessages.incorrectCvc,
  processing_error: paymentMessages.processingError,
};

const paymentFailed = (message: string) => new HttpError(402, 'payment_failed', message);

export interface TestCardPayment {
  clientSecret: string;
  /** Digits only, already Luhn-checked by the contract schema. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The test provider's stand-in for Stripe's "confirm card payment": Stripe's test cards give
 * Stripe's outcomes, any other number is declined. Only the last four digits are kept, and the
 * number is never logged. A declined intent can be confirmed again with another card, as on Stripe.
 */
export async function confirmTestCard(
  db: Db,
  card: TestCardPayment,
  customerId: string,
): Promise<ProviderIntent & { last4: string }> {
  const [found] = await db
    .select({ intent: testPaymentIntent, orderStatus: order.status, ownerId: order.userId })
    .from(testPaymentIntent)
    .innerJoin(order, eq(order.id, testPaymentIntent.orderId))
    .where(eq(testPaymentIntent.clientSecret, card.clientSecret));
  // Someone else's client secret gets the same answer as a made-up one.
  if (!found || found.ownerId !== customerId) throw notFound(paymentMessages.intentNotFound);
  if (found.intent.status === 'succeeded') throw conflict(paymentMessages.intentAlreadySucceeded);
  if (found.intent.status === 'canceled') throw conflict(paymentMessages.intentCanceled);
  if (found.orderStatus === 'cancelled') throw conflict(paymentMessages.cancelled);
  if (found.orderStatus !== 'pending_payment') throw conflict(paymentMessages.alreadyPaid);
  if (expiryInPast(card.expMonth, card.expYear)) {
    throw badRequest(paymentMessages.expiryPast, { expYear: paymentMessages.expiryPast });
  }

  const last4 = card.number.slice(-4);
  const outcome = testCards.find((c) => c.number === card.number)?.outcome;
  if (outcome !== 'succeeds') {
    const message = outcome ? declineMessages[outcome] : paymentMessages.nonTestCard;
    await db.transaction(async (tx) => {
      const [declined] = await tx
        .update(testPaymentIntent)
        .set({ lastPaymentError: message, cardLast4: last4, updatedAt: sql`now()` })
        .where(
          and(
            eq(testPaymentIntent.id, found.intent.id),
            eq(testPaymentIntent.status, 'requires_payment_method'),
          ),
        )
        .returning({ id: testPaymentIntent.id });
      // The intent keeps only its latest decline; the order's history keeps each one.
      if (declined) {
        await recordPaymentAttempt(tx, {
          orderId: found.intent.orderId,
          provider: 'test',
          intentId: found.intent.id,
          outcome: 'declined',
          amountCents: found.intent.amountCents,
          reason: message,
          cardLast4: last4,
          actorId: customerId,
        });
      }
    });
    throw paymentFailed(message);
  }

  // Conditional, so two confirmations racing each other succeed once.
  const [succeeded] = await db
    .update(testPaymentIntent)
    .set({
      status: 'succeeded',
      cardLast4: last4,
      lastPaymentError: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(testPaymentIntent.id, found.intent.id),
        eq(testPaymentIntent.status, 'requires_payment_method'),
      ),
    )
    .returning();
  if (!succeeded) {
    const [now] = await db
      .select({ status: testPaymentIntent.status })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.id, found.intent.id));
    // The order was cancelled (and its intent with it) while this card was being checked.
    if (now?.status === 'canceled') throw conflict(paymentMessages.intentCanceled);
    throw conflict(paymentMessages.intentAlreadySucceeded);
  }
  return { ...toIntent(succeeded), last4 };
}
