import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  restockSchema,
  toolInputSchema,
  toolPatchSchema,
} from '@voltforge/contract/admin';
import { toolIdParamsSchema, toolSchema } from '@voltforge/contract/tool';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import type { OnLowStock } from '../../stock/low-stock.service.ts';
import { archiveTool, createTool, restockTool, updateTool } from './tools-admin.service.ts';

/**
 * The catalogue's back office: add, edit, restock and archive tools (admins only). `onLowStock`
 * tells the admins about a tool an edit took to its low-stock threshold.
 */
export async function toolsAdminRoutes(
  instance: FastifyInstance,
  opts: { onLowStock: OnLowStock },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { onLowStock } = opts;

  app.post(
    '/api/tool',
    {
      // Authorise before the body is looked at: a customer gets 403, not a validation message.
      onRequest: adminOnly,
      // A part number already taken, or a category differing from one in use only by case.
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary: 'Add a tool to the catalogue (admin)',
        body: toolInputSchema,
        response: { 201: toolSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createTool(app.db, admin, request.body, onLowStock));
    },
  );

  app.patch(
    '/api/tool/:id',
    {
      onRequest: adminOnly,
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary: 'Edit a tool; send only the fields that change (admin)',
        params: toolIdParamsSchema,
        body: toolPatchSchema,
        response: { 200: toolSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return updateTool(app.db, admin, { id: request.params.id, ...request.body }, onLowStock);
    },
  );

  app.post(
    '/api/tool/:id/restock',
    {
      onRequest: adminOnly,
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary: 'Add Quantity: raise the stock by a positive whole number (admin)',
        params: toolIdParamsSchema,
        body: restockSchema,
        response: { 200: toolSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return restockTool(app.db, admin, { id: request.params.id, ...request.body }, onLowStock);
    },
  );

  app.delete(
    '/api/tool/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Delete a tool: it is archived, and orders keep it (admin)',
        params: toolIdParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => archiveTool(app.db, request.params.id),
  );
}
