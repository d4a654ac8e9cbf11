import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopSummarySchema } from '@voltforge/contract/content';
import {
  toolCategoryListSchema,
  toolIdParamsSchema,
  toolListQuerySchema,
  toolListSchema,
  toolSchema,
} from '@voltforge/contract/tool';
import { getTool, listCategories, listTools, shopSummary } from './tools.service.ts';

/**
 * The public catalogue: list, categories, one tool, and the shop summary. Every answer comes from
 * the catalogue cache, keyed by the normalized query (what validation made of it, defaults
 * included), so `?page=1` and no page share one entry.
 */
export async function toolsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tool',
    {
      schema: {
        tags: ['tools'],
        summary: 'Tools for sale: search, category, sort, page',
        querystring: toolListQuerySchema,
        response: { 200: toolListSchema },
      },
      compress: false,
      preValidation: app.catalogueCache.serveHit,
    },
    async (request, reply) => {
      const { search, category, sort, page, pageSize } = request.query;
      const key = JSON.stringify(['list', search ?? '', category ?? '', sort, page, pageSize]);
      return app.catalogueCache.answer(request, reply, key, toolListSchema, async () => {
        const { items, total } = await listTools(app.db, request.query);
        return { body: items, total };
      });
    },
  );

  app.get(
    '/api/tool/categories',
    {
      schema: {
        tags: ['tools'],
        summary: 'Every category with its number of tools',
        response: { 200: toolCategoryListSchema },
      },
      compress: false,
      preValidation: app.catalogueCache.serveHit,
    },
    async (request, reply) =>
      app.catalogueCache.answer(request, reply, 'categories', toolCategoryListSchema, async () => ({
        body: await listCategories(app.db),
      })),
  );

  app.get(
    '/api/tool/:id',
    {
      schema: {
        tags: ['tools'],
        summary: 'One tool; 404 for an unknown or malformed id',
        params: toolIdParamsSchema,
        response: { 200: toolSchema },
      },
      compress: false,
      preValidation: app.catalogueCache.serveHit,
    },
    async (request, reply) =>
      app.catalogueCache.answer(
        request,
        reply,
        JSON.stringify(['tool', request.params.id]),
        toolSchema,
        async () => ({ body: await getTool(app.db, request.params.id) }),
      ),
  );

  app.get(
    '/api/summary',
    {
      schema: {
        tags: ['tools'],
        summary: 'Shop summary from live data',
        response: { 200: shopSummarySchema },
      },
      compress: false,
      preValidation: app.catalogueCache.serveHit,
    },
    async (request, reply) =>
      app.catalogueCache.answer(request, reply, 'summary', shopSummarySchema, async () => ({
        body: await shopSummary(app.db),
      })),
  );
}
