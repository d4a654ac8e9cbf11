import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOrderListQuerySchema, orderStatusBodySchema } from '@voltforge/contract/admin';
import { orderIdParamsSchema, orderListSchema, orderSchema } from '@voltforge/contract/order';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import type { Config } from '../../config.ts';
import { adminOnly, requireAdmin } from '../../plugins/auth.ts';
import { listAllOrders, setOrderStatus } from './orders-admin.service.ts';
import type { BeforeCancel } from './orders.service.ts';

/** Manage All Orders: every order, and moving one along its status (admins only). */
export async function ordersAdminRoutes(
  instance: FastifyInstance,
  opts: { config: Config; beforeCancel: BeforeCancel },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { beforeCancel } = opts;

  app.get(
    '/api/orders',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first; optional status filter, paged (admin)',
        querystring: adminOrderListQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    async (request, reply) => {
      const { orders, total } = await listAllOrders(app.db, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return orders;
    },
  );

  app.patch(
    '/api/order/:id/status',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Mark an order shipped, delivered or cancelled, along allowed transitions (admin)',
        params: orderIdParamsSchema,
        body: orderStatusBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return setOrderStatus(app.db, admin, request.params.id, request.body.status, beforeCancel);
    },
  );
}
