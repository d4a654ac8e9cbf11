import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  quickOrderPreviewBodySchema,
  quickOrderPreviewSchema,
} from '@voltforge/contract/quick-order';
import { previewQuickOrder } from './quick-order.service.ts';

/** Quick order: a bill of materials checked line by line against the catalogue. Public, like it. */
export async function quickOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/quick-order/preview',
    {
      // Public, and each call reads up to 500 lines (about 14 ms of CPU): a tighter limit than
      // the API's 300 a minute keeps one client from keeping an instance busy with it.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['quick order'],
        summary: 'A verdict for every line of a pasted or uploaded list of part numbers',
        body: quickOrderPreviewBodySchema,
        response: { 200: quickOrderPreviewSchema },
      },
    },
    async (request) => previewQuickOrder(app.db, request.body.text),
  );
}
