import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminListRoute } from '../auth/admin-list-route.ts';
import {
  contactListQuerySchema,
  contactMessageListSchema,
  contactMessageSchema,
  contactReadBodySchema,
  mailDetailSchema,
  mailIdParamsSchema,
  mailListQuerySchema,
  mailListSchema,
} from '@voltforge/contract/mail';
import { adminOnly } from '../auth/guards.ts';
import {
  getMail,
  listContactMessages,
  listMails,
  markContactMessage,
} from './mail-admin.service.ts';

/** The Mail page (the outbox) and the Inbox (contact messages): admins only. */
export async function mailAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  adminListRoute(instance, {
    url: '/api/mail',
    summary: 'Every mail the shop wrote, newest first, paged, with its delivery status (admin)',
    querystring: mailListQuerySchema,
    response: mailListSchema,
    list: listMails,
  });

  app.get(
    '/api/mail/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'One mail with its HTML and text versions (admin)',
        params: mailIdParamsSchema,
        response: { 200: mailDetailSchema },
      },
    },
    async (request) => getMail(app.db, request.params.id),
  );

  adminListRoute(instance, {
    url: '/api/contact',
    summary: 'Inbox: contact messages, newest first, paged (admin)',
    querystring: contactListQuerySchema,
    response: contactMessageListSchema,
    list: listContactMessages,
  });

  app.patch(
    '/api/contact/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message read or unread (admin)',
        params: mailIdParamsSchema,
        body: contactReadBodySchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => markContactMessage(app.db, { id: request.params.id, ...request.body }),
  );
}
