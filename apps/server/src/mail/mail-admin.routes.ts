import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { sendPage } from '../paging.ts';
import {
  getMail,
  listContactMessages,
  listMails,
  markContactMessage,
} from './mail-admin.service.ts';

/** The Mail page (the outbox) and the Inbox (contact messages): admins only. */
export async function mailAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/mail',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every mail the shop wrote, newest first, paged, with its delivery status (admin)',
        querystring: mailListQuerySchema,
        response: { 200: mailListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listMails(app.db, request.query)),
  );

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

  app.get(
    '/api/contact',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Inbox: contact messages, newest first, paged (admin)',
        querystring: contactListQuerySchema,
        response: { 200: contactMessageListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listContactMessages(app.db, request.query)),
  );

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
