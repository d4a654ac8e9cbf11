import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalIdParamsSchema,
  approvalListSchema,
  approvalSchema,
  rejectInputSchema,
} from '@voltforge/contract/approval';
import { checkoutSchema } from '@voltforge/contract/checkout';
import { orderSchema } from '@voltforge/contract/order';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { approve, listApprovals, reject } from './approvals.service.ts';
import type { CheckoutDeps } from './cart-order.ts';
import { checkout } from './checkout.service.ts';

/**
 * POST /api/checkout: the session's own cart becomes one order (201), or, over a company buyer's
 * limit, a request for approval (202); the company's approvers decide on /api/company/approvals.
 */
export async function checkoutRoutes(instance: FastifyInstance, opts: CheckoutDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/checkout',
    {
      onRequest: signedIn,
      config: { extraErrors: [404, 409] },
      schema: {
        tags: ['orders'],
        summary:
          'Check out your cart as one order (reserves every line or none), or send it for approval',
        body: checkoutSchema,
        response: { 201: orderSchema, 202: approvalSchema },
      },
    },
    async (request, reply) => {
      const result = await checkout(app.db, await requireUser(request), request.body, opts);
      return 'order' in result
        ? reply.status(201).send(result.order)
        : reply.status(202).send(result.approval);
    },
  );

  const tags = ['company'];
  app.get(
    '/api/company/approvals',
    {
      onRequest: signedIn,
      config: { extraErrors: [404] },
      schema: {
        tags,
        summary: "Requests for approval: the company's (approvers, admins), or your own (buyers)",
        response: { 200: approvalListSchema },
      },
    },
    async (request) => listApprovals(app.db, await requireUser(request)),
  );

  app.post(
    '/api/company/approvals/:id/approve',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: 'Approve a request: its cart is placed exactly as it was sent (approvers, admins)',
        params: approvalIdParamsSchema,
        response: { 200: approvalSchema },
      },
    },
    async (request) => approve(app.db, await requireUser(request), request.params.id, opts),
  );

  app.post(
    '/api/company/approvals/:id/reject',
    {
      onRequest: signedIn,
      config: { extraErrors: [403, 404, 409] },
      schema: {
        tags,
        summary: 'Reject a request, saying why (approvers, admins)',
        params: approvalIdParamsSchema,
        body: rejectInputSchema,
        response: { 200: approvalSchema },
      },
    },
    async (request) =>
      reject(app.db, await requireUser(request), request.params.id, request.body.reason, opts),
  );
}
