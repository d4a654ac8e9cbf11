import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopSummarySchema } from '@voltforge/contract/content';
import {
  toolCategoryListSchema,
  toolIdParamsSchema,
  toolListQuerySchema,
  toolListSchema,
  toolSchema,
  toolSearchSchema,
} from '@voltforge/contract/tool';
import { sendPage } from '../../paging.ts';
import { listTools, searchTools } from './tool-search.ts';
import { getTool, listCategories, shopSummary } from './tools.service.ts';

/** Every answer here is the public catalogue's, kept until the catalogue changes. */
const cache = { scope: 'catalogue' } as const;

/** The public catalogue: list, categories, one tool, and the shop summary. */
export async function toolsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tool',
    {
      config: { cache },
      schema: {
        tags: ['tools'],
        summary: 'Tools for sale: search, category, stock, price, sort, page',
        querystring: toolListQuerySchema,
        response: { 200: toolListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listTools(app.db, request.query)),
  );

  app.get(
    '/api/tool/search',
    {
      config: { cache },
      schema: {
        tags: ['tools'],
        summary:
          'Tools for sale, best match first for a search, with the filters’ counts: one request renders the catalogue page',
        querystring: toolListQuerySchema,
        response: { 200: toolSearchSchema },
      },
    },
    async (request) => searchTools(app.db, request.query),
  );

  app.get(
    '/api/tool/categories',
    {
      config: { cache },
      schema: {
        tags: ['tools'],
        summary: 'Every category with its number of tools',
        response: { 200: toolCategoryListSchema },
      },
    },
    async () => listCategories(app.db),
  );

  app.get(
    '/api/tool/:id',
    {
      config: { cache },
      schema: {
        tags: ['tools'],
        summary: 'One tool; 404 for an unknown or malformed id',
        params: toolIdParamsSchema,
        response: { 200: toolSchema },
      },
    },
    async (request) => getTool(app.db, request.params.id),
  );

  app.get(
    '/api/summary',
    {
      config: { cache },
      schema: {
        tags: ['tools'],
        summary: 'Shop summary from live data',
        response: { 200: shopSummarySchema },
      },
    },
    async () => shopSummary(app.db),
  );
}
