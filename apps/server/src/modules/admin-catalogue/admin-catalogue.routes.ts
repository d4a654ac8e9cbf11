import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminToolListQuerySchema,
  adminToolListSchema,
  adminToolSchema,
} from '@voltforge/contract/admin-tool';
import { toolIdParamsSchema } from '@voltforge/contract/tool';
import { adminOnly } from '../../auth/guards.ts';
import { sendPage } from '../../paging.ts';
import { getAdminTool, listAdminTools } from './admin-catalogue.service.ts';

/** Manage Products' list: stock thresholds and low-stock marks that visitors never see. */
export async function adminCatalogueRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/tools',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Tools for sale with their low-stock state; search by name or part number (admin)',
        querystring: adminToolListQuerySchema,
        response: { 200: adminToolListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listAdminTools(app.db, request.query)),
  );

  app.get(
    '/api/admin/tools/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'One tool for sale with its low-stock threshold, for editing (admin)',
        params: toolIdParamsSchema,
        response: { 200: adminToolSchema },
      },
    },
    async (request) => getAdminTool(app.db, request.params.id),
  );
}
