import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema, orderSchema } from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { refundRequestSchema } from '@voltforge/contract/refund';
import { refundMessages } from '@voltforge/contract/refund-rules';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../auth/guards.ts';
import { HttpError, notFound } from '../../http-error.ts';
import { getOrder, visibleOrder } from '../orders/orders.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { creditNotePdf } from '../invoices/invoices.service.ts';
import { refundOrder, retryRefund, type RefundSteps } from './refunds.service.ts';

const refundParamsSchema = orderIdParamsSchema.extend({ refundId: z.string().max(64) });
const creditNoteParamsSchema = orderIdParamsSchema.extend({ number: z.string().max(32) });

/** Refunds of paid orders (admins), and their credit notes (the order's customer and admins). */
export async function refundsRoutes(
  instance: FastifyInstance,
  opts: { provider: PaymentProvider | null; steps: RefundSteps },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const provider = (): PaymentProvider => {
    if (!opts.provider) {
      throw new HttpError(503, 'payment_unavailable', paymentMessages.notConfigured);
    }
    return opts.provider;
  };

  app.post(
    '/api/order/:id/refunds',
    {
      onRequest: adminOnly,
      config: { extraErrors: [402, 404, 409, 502, 503] },
      schema: {
        tags: ['admin'],
        summary:
          'Refund lines, shipping or an amount of a paid order through the payment provider (admin)',
        params: orderIdParamsSchema,
        body: refundRequestSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await refundOrder(app.db, admin, request.params.id, request.body, provider(), opts.steps);
      return reply.status(201).send(await getOrder(app.db, admin, request.params.id));
    },
  );

  app.post(
    '/api/order/:id/refunds/:refundId/retry',
    {
      onRequest: adminOnly,
      config: { extraErrors: [402, 404, 409, 502, 503] },
      schema: {
        tags: ['admin'],
        summary: 'Ask the payment provider again about a pending refund (admin)',
        params: refundParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { id, refundId } = request.params;
      await retryRefund(app.db, id, refundId, provider(), opts.steps);
      return getOrder(app.db, admin, id);
    },
  );

  app.get(
    '/api/order/:id/credit-notes/:number',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags: ['orders'],
        summary: "Download one of an order's credit notes (PDF), e.g. CN-2026-000001.pdf",
        params: creditNoteParamsSchema,
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const row = await visibleOrder(app.db, actor, request.params.id);
      const number = request.params.number.replace(/\.pdf$/i, '');
      const note = await creditNotePdf(app.db, { orderId: row.id, number });
      if (!note) throw notFound(refundMessages.refundNotFound);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${note.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(note.pdf);
    },
  );
}
