import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminListRoute } from '../../auth/admin-list-route.ts';
import {
  adminOrderListQuerySchema,
  orderStatusBodySchema,
  shipmentBodySchema,
  shipmentParamsSchema,
} from '@voltforge/contract/admin';
import { cancelShipment, readyToShip, shipOrder } from './shipments.service.ts';
import { orderIdParamsSchema, orderListSchema, orderSchema } from '@voltforge/contract/order';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import { listAllOrders, setOrderStatus } from './orders-admin.service.ts';
import type { OrderNotify } from '../../mail/order-notices.ts';
import type { BeforeCancel, CancelSteps } from './orders.service.ts';

/** Manage All Orders: every order, and moving one along its status (admins only). */
export async function ordersAdminRoutes(
  instance: FastifyInstance,
  opts: { beforeCancel: BeforeCancel; notify: OrderNotify } & Pick<CancelSteps, 'refundCancelled'>,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { beforeCancel, notify, refundCancelled } = opts;

  adminListRoute(instance, {
    url: '/api/orders',
    summary: 'Every order, newest first; optional status filter, paged (admin)',
    querystring: adminOrderListQuerySchema,
    response: orderListSchema,
    list: listAllOrders,
  });

  app.patch(
    '/api/order/:id/status',
    {
      onRequest: adminOnly,
      config: { extraErrors: [409, 502] },
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
      const input = { id: request.params.id, ...request.body };
      return setOrderStatus(app.db, admin, input, { beforeCancel, notify, refundCancelled });
    },
  );

  app.post(
    '/api/admin/orders/:id/shipments',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags: ['admin'],
        summary: 'Ship pieces set aside for an order, with carrier and tracking (admin)',
        params: orderIdParamsSchema,
        body: shipmentBodySchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const shipped = await shipOrder(app.db, admin, request.params.id, request.body, notify);
      return reply.status(201).send(shipped);
    },
  );

  app.post(
    '/api/admin/orders/:id/shipments/:number/cancel',
    {
      onRequest: adminOnly,
      config: { extraErrors: [404, 409] },
      schema: {
        tags: ['admin'],
        summary: 'Cancel a shipment before it left: its pieces are set aside again (admin)',
        params: shipmentParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { id, number } = request.params;
      return cancelShipment(app.db, admin, id, number, notify);
    },
  );

  app.get(
    '/api/admin/shipping/ready',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Orders with pieces that can ship now, oldest first (admin)',
        response: { 200: orderListSchema },
      },
    },
    async () => readyToShip(app.db),
  );
}
