import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResultSchema } from '@voltforge/contract/content';
import { saveContactMessage } from './contact.service.ts';

export async function contactRoutes(instance: FastifyInstance, opts: { publicUrl: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/contact',
    {
      // Public and unauthenticated: a tighter limit keeps it from being used to fill the table.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the support or design team',
        body: contactRequestSchema,
        response: { 201: contactResultSchema },
      },
    },
    async (request, reply) => {
      const result = await saveContactMessage(app.db, request.body, opts);
      return reply.status(201).send(result);
    },
  );
}
