import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoiceMessages } from '@voltforge/contract/invoice-rules';
import { orderIdParamsSchema } from '@voltforge/contract/order';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { notFound } from '../../http-error.ts';
import { visibleOrder } from '../orders/orders.service.ts';
import { invoicePdf } from './invoices.service.ts';

/** An order's invoice as a PDF: for the order's customer and for admins. */
export async function invoicesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/order/:id/invoice.pdf',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags: ['orders'],
        summary: "Download an order's invoice (PDF); issued when the order is paid",
        params: orderIdParamsSchema,
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      // Someone else's order is answered as if it did not exist (visibleOrder's rule).
      const row = await visibleOrder(app.db, actor, request.params.id);
      const issued = await invoicePdf(app.db, row.id);
      if (!issued) throw notFound(invoiceMessages.notIssued);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${issued.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(issued.pdf);
    },
  );
}
