import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopTermsToJson, type ShopTerms } from '@voltforge/contract/charges';
import { shopTermsSchema } from '@voltforge/contract/shop-terms';

/**
 * GET /api/shop/terms: shipping and tax as configured, for the pages that show what an order
 * will cost before it is placed (the web computes with the contract's orderCharges; the server
 * computes the same when the order is placed, and that is what is charged).
 */
export async function shopTermsRoutes(instance: FastifyInstance, opts: { shopTerms: ShopTerms }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const body = shopTermsToJson(opts.shopTerms);
  app.get(
    '/api/shop/terms',
    {
      schema: {
        tags: ['shop'],
        summary: 'Shipping (flat rate, free-shipping threshold) and the tax rate',
        response: { 200: shopTermsSchema },
      },
    },
    async (_request, reply) => {
      // The settings change only with a restart: a few minutes of caching is safe.
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
