import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  InvalidWebhookError,
  ProviderUnavailableError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
} from './payment-provider.ts';

type StripeConfig = Extract<Config['payments'], { provider: 'stripe' }>;

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: intent.metadata?.orderId ?? null,
    provider: 'stripe',
    lastPaymentError: intent.last_payment_error?.message ?? null,
    cardLast4: intent.last_payment_error?.payment_method?.card?.last4 ?? null,
  };
}

/** STRIPE_API_HOST points stripe-node at another API host (a local fake in tests). */
function hostOptions(apiHost: string | undefined) {
  if (!apiHost) return {};
  const url = new URL(apiHost);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

/** Anything but a clear "no such intent" is the provider failing, not an answer about the payment. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new ProviderUnavailableError(error);
  }
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Voltforge storefront' },
    ...hostOptions(config.apiHost),
  });

  const verifyWebhook = (
    secret: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): ProviderEvent => {
    if (!signature) throw new InvalidWebhookError('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
    }
    const object = event.data.object as {
      object?: string;
      id?: string;
      amount?: number;
      status?: string | null;
      payment_intent?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
    };
    const refundIntent =
      typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
    return {
      id: event.id,
      type: event.type,
      intentId: object.object === 'payment_intent' && object.id ? object.id : null,
      // refund.created / refund.updated (and charge.refund.updated) carry the refund itself.
      ...(object.object === 'refund' && object.id && refundIntent
        ? {
            refund: {
              id: object.id,
              intentId: refundIntent,
              amountCents: object.amount ?? 0,
              status: object.status ?? 'pending',
              shopRefundId: object.metadata?.refundId ?? null,
            },
          }
        : {}),
    };
  };

  const retrieveIntent = async (id: string): Promise<ProviderIntent | null> => {
    try {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ProviderUnavailableError(error);
    }
  };

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createIntent(input: CreateIntentInput) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            // The checkout's card form is Stripe's card element: card payments only.
            allowed_payment_method_types: ['card'],
            description: input.description,
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toIntent(intent);
    },

    retrieveIntent,

    async cancelIntent(id: string) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        // Already succeeded (or already cancelled): say how it is, so a payment is not missed.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return retrieveIntent(id);
        }
        throw new ProviderUnavailableError(error);
      }
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      try {
        const made = await stripe.refunds.create(
          {
            payment_intent: input.intentId,
            amount: input.amountCents,
            metadata: { orderId: input.orderId, refundId: input.refundId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (made.status === 'succeeded') return { id: made.id, status: 'succeeded' };
        if (made.status === 'failed' || made.status === 'canceled') {
          return {
            id: made.id,
            status: 'failed',
            message: made.failure_reason ?? `The refund was ${made.status}.`,
          };
        }
        return { id: made.id, status: 'pending' };
      } catch (error) {
        // Stripe refused it (more than is left, a disputed charge): its words, nothing refunded.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          return { id: null, status: 'failed', message: error.message };
        }
        throw new ProviderUnavailableError(error);
      }
    },

    verifyWebhook: verifyWebhook.bind(null, config.webhookSecret),
  };
}
