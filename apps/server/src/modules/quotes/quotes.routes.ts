import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderSchema } from '@voltforge/contract/order';
import {
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteIdParamsSchema,
  quoteListSchema,
  quoteMessageSchema,
  quoteQueueQuerySchema,
  quoteRequestSchema,
  quoteRevisionParamsSchema,
  quoteRevisionSchema,
  quoteSchema,
} from '@voltforge/contract/quote';
import { quoteMessages } from '@voltforge/contract/quote-rules';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../auth/guards.ts';
import { notFound } from '../../http-error.ts';
import { sweepEvery } from '../../plugins/sweep.ts';
import {
  acceptQuote,
  declineQuote,
  listMyQuotes,
  listQuoteQueue,
  mailQuoteExpiry,
  postMessage,
  quotePdf,
  readQuote,
  requestQuote,
  sendRevision,
  type QuoteDeps,
} from './quotes.service.ts';

/**
 * Quotes (docs/payments.md, "Quotes"): the buyer side asks, reads, writes, declines and accepts
 * on /api/quotes; staff answer from their queue on /api/admin/quotes and write on the same thread.
 */
export async function quotesRoutes(instance: FastifyInstance, opts: QuoteDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['quotes'];

  app.post(
    '/api/quotes',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Ask for a quote (201); the same requestKey again answers the first request (200)',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, 201: quoteSchema },
      },
    },
    async (request, reply) => {
      const { quote, created } = await requestQuote(
        app.db,
        await requireUser(request),
        request.body,
        opts,
      );
      return reply.status(created ? 201 : 200).send(quote);
    },
  );

  app.get(
    '/api/quotes',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Your quotes, and your company's when you see its orders",
        response: { 200: quoteListSchema },
      },
    },
    async (request) => listMyQuotes(app.db, await requireUser(request)),
  );

  app.get(
    '/api/quotes/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'One quote: the request, every revision sent, the thread (its buyer side, staff)',
        params: quoteIdParamsSchema,
        response: { 200: quoteSchema },
      },
    },
    async (request) => readQuote(app.db, await requireUser(request), request.params.id),
  );

  app.get(
    '/api/quotes/:id/revisions/:revision/pdf',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'One sent revision of a quote as a PDF (its buyer side, staff)',
        params: quoteRevisionParamsSchema,
      },
    },
    async (request, reply) => {
      const made = await quotePdf(
        app.db,
        await requireUser(request),
        request.params.id,
        request.params.revision,
        opts,
      );
      if (!made) throw notFound(quoteMessages.noRevision);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${made.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(made.pdf);
    },
  );

  app.post(
    '/api/quotes/:id/messages',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Write on the quote; the other side is mailed',
        params: quoteIdParamsSchema,
        body: quoteMessageSchema,
        response: { 200: quoteSchema },
      },
    },
    async (request) =>
      postMessage(app.db, await requireUser(request), request.params.id, request.body.body, opts),
  );

  app.post(
    '/api/quotes/:id/decline',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: 'Decline the quote, saying why (its buyer side)',
        params: quoteIdParamsSchema,
        body: quoteDeclineSchema,
        response: { 200: quoteSchema },
      },
    },
    async (request) =>
      declineQuote(
        app.db,
        await requireUser(request),
        request.params.id,
        request.body.reason,
        opts,
      ),
  );

  app.post(
    '/api/quotes/:id/accept',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary:
          'Accept chosen offers of the revision you read: one order at exactly its prices, freight and tax',
        params: quoteIdParamsSchema,
        body: quoteAcceptSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await acceptQuote(
            app.db,
            await requireUser(request),
            request.params.id,
            request.body,
            opts,
          ),
        ),
  );

  app.get(
    '/api/admin/quotes',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'The quotes queue: by state, searched by number, part, company or requester',
        querystring: quoteQueueQuerySchema,
        response: { 200: quoteListSchema },
      },
    },
    async (request) => listQuoteQueue(app.db, request.query),
  );

  app.post(
    '/api/admin/quotes/:id/revisions',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: 'Send an answer: the next revision, locked once sent',
        params: quoteIdParamsSchema,
        body: quoteRevisionSchema,
        response: { 201: quoteSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendRevision(
            app.db,
            await requireAdmin(request),
            request.params.id,
            request.body,
            opts,
          ),
        ),
  );
}

const SWEEP_EVERY_MS = 60 * 60_000;

/** Every hour, on every instance: the buyers' mails before and at their quotes' expiry. */
export const quoteExpiryPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    sweepEvery(app, {
      everyMs: SWEEP_EVERY_MS,
      pass: () => mailQuoteExpiry(app.db, { publicUrl: opts.publicUrl }),
      counted: 'sent',
      did: 'mailed quotes expiring or expired',
      failed: 'quote expiry sweep failed',
    });
  },
  { name: 'quote-expiry', dependencies: ['db'] },
);
