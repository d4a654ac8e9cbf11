import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutSchema } from '@voltforge/contract/checkout';
import { orderSchema } from '@voltforge/contract/order';
import { requireUser, signedIn } from '../../auth/guards.ts';
import { checkout, type CheckoutDeps } from './checkout.service.ts';

/** POST /api/checkout: the session's own cart becomes one order. */
export async function checkoutRoutes(instance: FastifyInstance, opts: CheckoutDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/checkout',
    {
      onRequest: signedIn,
      config: { extraErrors: [404, 409] },
      schema: {
        tags: ['orders'],
        summary: 'Check out your cart as one order; reserves every line or none',
        body: checkoutSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await checkout(app.db, await requireUser(request), request.body, opts)),
  );
}
