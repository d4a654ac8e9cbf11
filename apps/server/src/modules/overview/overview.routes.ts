import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '@voltforge/contract/admin-overview';
import { adminOnly } from '../../auth/guards.ts';
import { adminOverview } from './overview.service.ts';

/** The admin dashboard's figures: sales per day, orders by status, best sellers, low stock. */
export async function overviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/overview',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Revenue and paid orders per day, orders by status, top tools, low stock (admin)',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema },
      },
    },
    async (request) => adminOverview(app.db, request.query),
  );
}
