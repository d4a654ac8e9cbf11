import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterResultSchema, newsletterSubscribeSchema } from '@voltforge/contract/content';
import { subscribe } from './newsletter.service.ts';

export async function newsletterRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/newsletter',
    {
      // Public and unauthenticated: a tighter limit keeps it from being used to fill the table.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address (idempotent)',
        body: newsletterSubscribeSchema,
        response: { 200: newsletterResultSchema, 201: newsletterResultSchema },
      },
    },
    async (request, reply) => {
      const result = await subscribe(app.db, request.body.email);
      return reply.status(result.alreadySubscribed ? 200 : 201).send(result);
    },
  );
}
