import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, orderSchema } from '@voltforge/contract/order';
import {
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  markOrderPaidBodySchema,
  paymentConfigSchema,
  testCardConfirmBodySchema,
  testCardConfirmResponseSchema,
  webhookResponseSchema,
} from '@voltforge/contract/payment';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { badRequest, HttpError, notFound } from '../../http-error.ts';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { InvalidWebhookError, withProvider, type PaymentProvider } from './payment-provider.ts';
import {
  applySucceededIntent,
  confirmOrderPayment,
  createIntentForOrder,
  handleWebhookEvent,
  type PaidSteps,
  type RecordReportedRefund,
} from './payments.service.ts';
import { confirmTestCard } from './test-card-provider.ts';

/** Card payments: the provider's settings, intents, confirmations and webhooks. */
export async function paymentsRoutes(
  instance: FastifyInstance,
  opts: {
    provider: PaymentProvider | null;
    orderHoldHours: number;
    steps: PaidSteps;
    recordRefund: RecordReportedRefund;
  },
) {
  const active = opts.provider;
  const activeProvider = (): PaymentProvider => {
    if (!active) throw new HttpError(503, 'payment_unavailable', paymentMessages.notConfigured);
    return active;
  };
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which card provider is active, its publishable key, and how long unpaid orders are held',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      ...(active
        ? {
            provider: active.name,
            ...(active.publishableKey ? { publishableKey: active.publishableKey } : {}),
          }
        : { provider: 'none' as const }),
      orderHoldHours: opts.orderHoldHours,
    }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409, 502, 503] },
      schema: {
        tags: ['payments'],
        summary:
          "Create (or reuse) the payment intent for one of your unpaid orders, for the order's total",
        body: createPaymentIntentBodySchema,
        response: { 200: createPaymentIntentResponseSchema },
      },
    },
    async (request) => {
      const customer = await requireUser(request);
      const provider = activeProvider();
      return withProvider(
        () => createIntentForOrder(app.db, customer, request.body.orderId, provider, opts.steps),
        request.log,
      );
    },
  );

  app.patch(
    '/api/order/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 409, 502, 503] },
      schema: {
        tags: ['payments'],
        summary:
          'Record a confirmed card payment; the provider is asked, the client is not trusted',
        params: orderIdParamsSchema,
        body: markOrderPaidBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const customer = await requireUser(request);
      const provider = activeProvider();
      const input = { id: request.params.id, transactionId: request.body.transactionId };
      return withProvider(
        () => confirmOrderPayment(app.db, customer, input, provider, opts.steps),
        request.log,
      );
    },
  );

  // Only the test provider has this route: on Stripe or with no provider it does not exist.
  if (active?.name === 'test') {
    app.post(
      '/api/payments/test/confirm',
      {
        onRequest: signedIn,
        config: { extraErrors: [402, 404, 409] },
        schema: {
          tags: ['payments'],
          summary: "Test mode only: confirm a payment with one of Stripe's test cards",
          body: testCardConfirmBodySchema,
          response: { 200: testCardConfirmResponseSchema },
        },
      },
      async (request) => {
        const customer = await requireUser(request);
        const intent = await confirmTestCard(app.db, request.body, customer.id);
        // What Stripe's payment_intent.succeeded webhook would do; the browser's PATCH follows.
        await applySucceededIntent(app.db, intent, opts.steps);
        return { paymentIntentId: intent.id, status: 'succeeded' as const, last4: intent.last4 };
      },
    );
  }

  // Stripe signs the exact bytes it sent, so this one route keeps its JSON body raw.
  // (It replaces the shop's JSON parser, plugins/unstorable-text.ts: the webhook reads no text
  // into the database before the signature and the provider's own parsing.)
  await instance.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook',
      {
        // Stripe delivers in bursts and retries; the signature is what keeps strangers out.
        config: { rateLimit: false, extraErrors: [400, 404, 502, 503] },
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook: payment_intent.succeeded and payment_intent.payment_failed',
          response: { 200: webhookResponseSchema },
        },
      },
      async (request) => {
        const provider = activeProvider();
        if (!provider.verifyWebhook) throw notFound(paymentMessages.webhookNotConfigured);
        if (!Buffer.isBuffer(request.body))
          throw badRequest(paymentMessages.webhookSignatureInvalid);
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(
            request.body,
            Array.isArray(signature) ? signature[0] : signature,
          );
        } catch (error) {
          if (error instanceof InvalidWebhookError) {
            request.log.warn({ reason: error.message }, 'webhook refused');
            throw badRequest(paymentMessages.webhookSignatureInvalid);
          }
          throw error;
        }
        const { outcome, orderId } = await withProvider(
          () => handleWebhookEvent(app.db, event, provider, opts.steps, opts.recordRefund),
          request.log,
        );
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
        if (outcome === 'mismatch') {
          request.log.warn({ eventId: event.id }, 'webhook intent does not match its order');
        }
        if (outcome === 'paid_after_cancel') {
          request.log.warn(
            { eventId: event.id, orderId, intentId: event.intentId },
            'payment succeeded for a cancelled order: refund it',
          );
        }
        return { received: true as const, ...(outcome === 'duplicate' ? { duplicate: true } : {}) };
      },
    );
  });
}
