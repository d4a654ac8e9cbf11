import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@voltforge/contract/order';
import { orderTimelineSchema } from '@voltforge/contract/order-timeline';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { orderTimeline } from './order-timeline.service.ts';

/** What happened to an order: everything for admins, the customer-facing part for its customer. */
export async function orderTimelineRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/order/:id/timeline',
    {
      onRequest: signedIn,
      schema: {
        tags: ['orders'],
        summary: "An order's events, oldest first (its customer, or an admin)",
        params: orderIdParamsSchema,
        response: { 200: orderTimelineSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      return orderTimeline(app.db, viewer, request.params.id);
    },
  );
}
