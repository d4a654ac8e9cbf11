import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminListRoute } from '../../auth/admin-list-route.ts';
import {
  adminToolListQuerySchema,
  adminToolListSchema,
  adminToolSchema,
} from '@voltforge/contract/admin-tool';
import { toolIdParamsSchema } from '@voltforge/contract/tool';
import { adminOnly } from '../../auth/guards.ts';
import { getAdminTool, listAdminTools } from './admin-catalogue.service.ts';

/** Manage Products' list: stock thresholds and low-stock marks that visitors never see. */
export async function adminCatalogueRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  adminListRoute(instance, {
    url: '/api/admin/tools',
    summary: 'Tools for sale with their low-stock state; search by name or part number (admin)',
    querystring: adminToolListQuerySchema,
    response: adminToolListSchema,
    list: listAdminTools,
  });

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
