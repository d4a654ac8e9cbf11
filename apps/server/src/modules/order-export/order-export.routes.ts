import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderExportQuerySchema } from '@voltforge/contract/order-export';
import { adminOnly } from '../../auth/guards.ts';
import { CSV_CONTENT_TYPE } from '../../csv.ts';
import { exportOrdersCsv } from './order-export.service.ts';

/** Orders as CSV for the books (admins only). */
export async function orderExportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/orders/export.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every order matching the Manage All Orders filters as CSV, newest first (admin)',
        querystring: orderExportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type(CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="voltforge-orders-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(Readable.from(exportOrdersCsv(app.db, request.query))),
  );
}
