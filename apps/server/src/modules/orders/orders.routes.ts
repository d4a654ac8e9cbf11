import type { ShopTerms } from '@voltforge/contract/charges';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createOrderSchema,
  deleteOrderResultSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  companyOrderListSchema,
  orderListSchema,
  orderSchema,
} from '@voltforge/contract/order';
import { isOwnEmail, requireUser, signedIn, type SessionUser } from '../../auth/guards.ts';
import { cancelOrder, getOrder, listCompanyOrders, listOrders } from './orders.service.ts';
import { placeOrder } from './placement/place-order.ts';
import type { BeforeCancel } from './orders.service.ts';
import type { OrderNotify, RenderOrderMail } from '../../mail/order-notices.ts';
import type { OnLowStock } from '../../stock/low-stock.service.ts';

/** An admin asking for another customer's list is answered fresh, not from the asker's cache. */
const anotherCustomers = (request: FastifyRequest, actor: SessionUser) => {
  const { email } = request.query as { email?: string };
  return Boolean(email) && !isOwnEmail(actor, email ?? '');
};

/** The customer's order calls: place, list, read and cancel (docs/architecture.md). */
export async function ordersRoutes(
  instance: FastifyInstance,
  opts: {
    beforeCancel: BeforeCancel;
    notify: OrderNotify;
    renderMail: RenderOrderMail;
    onLowStock: OnLowStock;
    maxUnpaidOrders: number;
    shopTerms: ShopTerms;
    timeZone: string;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { beforeCancel, notify } = opts;

  app.post(
    '/api/order',
    {
      // Authenticate first: an anonymous caller gets 401, not a validation message.
      onRequest: signedIn,
      config: { extraErrors: [404, 409] },
      schema: {
        tags: ['orders'],
        summary: 'Place an order; reserves the stock',
        body: createOrderSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const customer = await requireUser(request);
      return reply.status(201).send(
        await placeOrder(
          app.db,
          customer,
          { lines: [request.body], ...request.body },
          {
            maxUnpaid: opts.maxUnpaidOrders,
            shopTerms: opts.shopTerms,
            renderMail: opts.renderMail,
            onLowStock: opts.onLowStock,
            timeZone: opts.timeZone,
          },
        ),
      );
    },
  );

  app.get(
    '/api/order',
    {
      onRequest: signedIn,
      config: { extraErrors: [403], cache: { scope: 'user', unless: anotherCustomers } },
      schema: {
        tags: ['orders'],
        summary: 'Your orders (an admin may name any email)',
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    async (request) => listOrders(app.db, await requireUser(request), request.query.email),
  );

  app.get(
    '/api/company/orders',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags: ['company'],
        summary: "Your company's orders (admins and approvers: all; buyers: their own)",
        response: { 200: companyOrderListSchema },
      },
    },
    async (request) => listCompanyOrders(app.db, await requireUser(request)),
  );

  app.get(
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
    async (request) => getOrder(app.db, await requireUser(request), request.params.id),
  );

  app.delete(
    '/api/order/:id',
    {
      onRequest: signedIn,
      config: { extraErrors: [409, 502] },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order and return its stock (owner while unpaid, or admin)',
        params: orderIdParamsSchema,
        response: { 200: deleteOrderResultSchema },
      },
    },
    async (request) =>
      cancelOrder(app.db, await requireUser(request), request.params.id, { beforeCancel, notify }),
  );
}
