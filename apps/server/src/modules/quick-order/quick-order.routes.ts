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
