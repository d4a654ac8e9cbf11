import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCartLinesSchema,
  cartSchema,
  cartToolParamsSchema,
  mergeCartResultSchema,
  mergeCartSchema,
  priceCartSchema,
  setCartQuantitySchema,
  type Cart,
} from '@voltforge/contract/cart';
import { withCharges, type CartGoods } from '@voltforge/contract/cart-rules';
import type { ShopTerms } from '@voltforge/contract/charges';
import { requireUser, signedIn } from '../../auth/guards.ts';
import {
  addToCart,
  mergeIntoCart,
  priceCart,
  readCart,
  removeFromCart,
  setCartQuantity,
  withAvailability,
} from './cart.service.ts';
import { dateIn } from '@voltforge/contract/calendar';

/** The signed-in buyer's cart; each route acts on the session's own cart only. */
export async function cartRoutes(
  instance: FastifyInstance,
  opts: { shopTerms: ShopTerms; timeZone: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Every answer is a cart with what its order would be charged (contract charges.ts) and how
  // each line beyond stock ships (docs/payments.md, "Back-orders").
  const charged = async (goods: Promise<CartGoods>): Promise<Cart> =>
    withCharges(
      await withAvailability(app.db, await goods, dateIn(opts.timeZone, new Date())),
      opts.shopTerms,
    );
  const tags = ['cart'];

  app.get(
    '/api/cart',
    { onRequest: signedIn, schema: { tags, summary: 'Your cart', response: { 200: cartSchema } } },
    async (request) => charged(readCart(app.db, (await requireUser(request)).id)),
  );

  app.post(
    '/api/cart/lines',
    {
      onRequest: signedIn,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: 'Add quantities of tools to your cart, all or none',
        body: addCartLinesSchema,
        response: { 200: cartSchema },
      },
    },
    async (request) =>
      charged(addToCart(app.db, (await requireUser(request)).id, request.body.lines)),
  );

  app.put(
    '/api/cart/lines/:toolId',
    {
      onRequest: signedIn,
      config: { extraErrors: [404, 409] },
      schema: {
        tags,
        summary: "Set a line's quantity",
        params: cartToolParamsSchema,
        body: setCartQuantitySchema,
        response: { 200: cartSchema },
      },
    },
    async (request) =>
      charged(
        setCartQuantity(
          app.db,
          (await requireUser(request)).id,
          request.params.toolId,
          request.body.quantity,
        ),
      ),
  );

  app.delete(
    '/api/cart/lines/:toolId',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Remove a line',
        params: cartToolParamsSchema,
        response: { 200: cartSchema },
      },
    },
    async (request) =>
      charged(removeFromCart(app.db, (await requireUser(request)).id, request.params.toolId)),
  );

  app.post(
    '/api/cart/merge',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Merge this browser's cart into yours at sign-in; says what changed",
        body: mergeCartSchema,
        response: { 200: mergeCartResultSchema },
      },
    },
    async (request) => {
      const merged = await mergeIntoCart(
        app.db,
        (await requireUser(request)).id,
        request.body.lines,
      );
      return { cart: withCharges(merged.cart, opts.shopTerms), changes: merged.changes };
    },
  );

  app.post(
    '/api/cart/price',
    {
      // Public (a visitor's cart lives in the browser) and reads up to 500 lines, like the quick
      // order: the same tighter limit than the API's.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Price a visitor's cart (lines kept in the browser) as a cart, in one call",
        body: priceCartSchema,
        response: { 200: cartSchema },
      },
    },
    async (request) => charged(priceCart(app.db, request.body.lines)),
  );
}
