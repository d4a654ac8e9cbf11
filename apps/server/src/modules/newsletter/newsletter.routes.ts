import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterResultSchema, newsletterSubscribeSchema } from '@voltforge/contract/content';
import { newsletterLinkResultSchema, newsletterTokenSchema } from '@voltforge/contract/mail';
import { confirmSubscription, subscribe, unsubscribe } from './newsletter.service.ts';

export async function newsletterRoutes(instance: FastifyInstance, opts: { publicUrl: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/newsletter',
    {
      // Public and unauthenticated: a tighter limit keeps it from being used to fill the table.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address: mails a confirmation link (double opt-in)',
        body: newsletterSubscribeSchema,
        response: { 200: newsletterResultSchema },
      },
    },
    async (request) => subscribe(app.db, opts, request.body.email),
  );

  app.post(
    '/api/newsletter/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, extraErrors: [404] },
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token from the confirmation mail',
        body: newsletterTokenSchema,
        response: { 200: newsletterLinkResultSchema },
      },
    },
    async (request) => confirmSubscription(app.db, request.body.token),
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token from a newsletter mail; no sign-in needed',
        body: newsletterTokenSchema,
        response: { 200: newsletterLinkResultSchema },
      },
    },
    async (request) => unsubscribe(app.db, request.body.token),
  );
}
