import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchIdParamsSchema,
  batchInputSchema,
  batchListQuerySchema,
  batchListSchema,
  batchMoveSchema,
  batchReceiveSchema,
  batchSchema,
  backorderListSchema,
  toolSupplySchema,
  toolSupplySettingsSchema,
} from '@voltforge/contract/supply';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import {
  addBatch,
  listBatches,
  moveBatch,
  listBackorders,
  receiveBatch,
  setToolSupply,
  toolSupply,
  type SupplyDeps,
} from './supply.service.ts';

const toolParams = z.object({ id: z.string() });

/**
 * Incoming batches (docs/payments.md, "Supply and availability"): staff enter, move and receive
 * them; anyone reads a tool's supply, which availability is worked out from.
 */
export async function supplyRoutes(instance: FastifyInstance, opts: SupplyDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['supply'];

  app.get(
    '/api/tool/:id/supply',
    {
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: "A tool's stock and the batches expected: what availability is worked out from",
        params: toolParams,
        response: { 200: toolSupplySchema },
      },
    },
    async (request) => toolSupply(app.db, request.params.id),
  );

  app.put(
    '/api/admin/tools/:id/supply',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'Whether a tool may be sold beyond its stock, and its lead time in weeks',
        params: toolParams,
        body: toolSupplySettingsSchema,
        response: { 200: toolSupplySchema },
      },
    },
    async (request) => setToolSupply(app.db, request.params.id, request.body, opts),
  );

  app.get(
    '/api/admin/backorders',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Back-orders per tool: pieces owed, the oldest, the next batch (admin)',
        response: { 200: backorderListSchema },
      },
    },
    async () => listBackorders(app.db),
  );

  app.get(
    '/api/admin/batches',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Incoming batches, earliest first (?received=false: the ones still expected)',
        querystring: batchListQuerySchema,
        response: { 200: batchListSchema },
      },
    },
    async (request) =>
      listBatches(
        app.db,
        request.query.received === undefined ? undefined : request.query.received === 'true',
      ),
  );

  app.post(
    '/api/admin/tools/:id/batches',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: 'A batch expected for a tool: its quantity and the day it is due',
        params: toolParams,
        body: batchInputSchema,
        response: { 201: batchSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addBatch(
            app.db,
            await requireAdmin(request),
            request.params.id,
            request.body,
            opts,
          ),
        ),
  );

  app.patch(
    '/api/admin/batches/:id',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: 'Move a batch to another day (not once received)',
        params: batchIdParamsSchema,
        body: batchMoveSchema,
        response: { 200: batchSchema },
      },
    },
    async (request) => moveBatch(app.db, request.params.id, request.body.expectedOn, opts),
  );

  app.post(
    '/api/admin/batches/:id/receive',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: 'Receive a batch into stock, once (all of it, or what arrived)',
        params: batchIdParamsSchema,
        body: batchReceiveSchema,
        response: { 200: batchSchema },
      },
    },
    async (request) =>
      receiveBatch(
        app.db,
        await requireAdmin(request),
        request.params.id,
        request.body.quantity,
        opts,
      ),
  );
}
