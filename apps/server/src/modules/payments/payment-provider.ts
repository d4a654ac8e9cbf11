import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider as ProviderName } from '@voltforge/contract/payment-rules';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { HttpError } from '../../http-error.ts';

/** A payment intent as our services see it, whichever provider holds it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** Stripe's status names; only `succeeded` ever marks an order paid. */
  status: string;
  /** metadata.orderId: the order the intent was created for. */
  orderId: string | null;
  /** Which provider holds it, for the order's payment history. */
  provider: Exclude<ProviderName, 'none'>;
  /** The provider's words for the last declined card, if any. */
  lastPaymentError: string | null;
  /** The last four digits of the card last tried, when the provider tells. */
  cardLast4: string | null;
}

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  idempotencyKey: string;
  description: string;
}

export interface RefundInput {
  intentId: string;
  amountCents: number;
  /** The same for every attempt of one refund: the provider refunds it once however often asked. */
  idempotencyKey: string;
  orderId: string;
  refundId: string;
}

/** The provider's answer about a refund: done, still under way, or refused with its words. */
export type ProviderRefund =
  | { id: string; status: 'succeeded' | 'pending' }
  | { id: string | null; status: 'failed'; message: string };

/** A refund as a provider's webhook reports it. */
export interface ReportedRefund {
  id: string;
  intentId: string;
  amountCents: number;
  status: string;
  shopRefundId: string | null;
}

/** A webhook event whose signature has been verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, when it is about one. */
  intentId: string | null;
  /**
   * A refund the event reports: one the shop asked for (`shopRefundId`, the refund id the shop
   * sent as metadata) or one made at the provider, e.g. in Stripe's dashboard (null).
   */
  refund?: ReportedRefund;
}

/** The provider could not be reached or failed: worth retrying, and not the customer's fault. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * Runs a call that reaches the card provider. A provider outage becomes a 502 the client may
 * retry (and Stripe will, for a webhook); every other error passes through unchanged.
 */
export async function withProvider<T>(work: () => Promise<T>, log?: FastifyBaseLogger): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    log?.warn({ err: error.cause }, 'payment provider unavailable');
    throw new HttpError(502, 'internal', paymentMessages.providerUnavailable);
  }
}

/** A webhook whose signature or body does not verify. */
export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

/**
 * What the payment services need from a card provider. Services never see which one runs, so
 * the order rules (amount from the order, paid only on a confirmed intent) hold for both.
 */
export interface PaymentProvider {
  readonly name: Exclude<ProviderName, 'none'>;
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider has no intent with this id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels the intent so it can never be confirmed; returns it as it is afterwards. An intent
   * that succeeded first stays `succeeded` (the caller must record the payment); null when the
   * provider has no intent with this id.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Refunds part or all of a succeeded intent. A refusal (more than is left, a closed card) is a
   * `failed` answer; a provider that cannot be reached throws ProviderUnavailableError, and the
   * refund's outcome is then unknown until asked again with the same idempotency key.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Checks the signature on the raw body; throws InvalidWebhookError. Absent: no webhooks. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
