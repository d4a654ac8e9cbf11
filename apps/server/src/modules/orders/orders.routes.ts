import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createOrderSchema,
  deleteOrderResultSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
} from '@voltforge/contract/order';
import type { Config } from '../../config.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { cancelOrder, getOrder, listOrders, orderToJson, placeOrder } from './orders.service.ts';
import type { BeforeCancel } from './orders.service.ts';

/** The customer's order calls (spec section 7; DESIGN sections 5 and 6). */
export async function ordersRoutes(
  app: FastifyInstance,
  opts: { config: Config; beforeCancel: BeforeCancel },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { beforeCancel } = opts;

  r.post(
    '/api/order',
    {
      // Authenticate first: an anonymous caller gets 401, not a validation message.
      onRequest: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Place an order; reserves the stock',
        body: createOrderSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const customer = await requireUser(request);
      const created = await placeOrder(app.db, customer, request.body);
      return reply.status(201).send(orderToJson(created));
    },
  );

  r.get(
    '/api/order',
    {
      onRequest: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Your orders (an admin may name any email)',
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const rows = await listOrders(app.db, actor, request.query.email);
      return rows.map(orderToJson);
    },
  );

  r.get(
    '/api/order/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'One order (owner or admin)',
        params: orderIdParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return orderToJson(await getOrder(app.db, actor, request.params.id));
    },
  );

  r.delete(
    '/api/order/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order and return its stock (owner while unpaid, or admin)',
        params: orderIdParamsSchema,
        response: { 200: deleteOrderResultSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return cancelOrder(app.db, actor, request.params.id, beforeCancel);
    },
  );
}
