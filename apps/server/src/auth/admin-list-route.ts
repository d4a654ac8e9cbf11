import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sendPage, type Page } from '../paging.ts';
import { adminOnly } from './guards.ts';

/** A back-office list as the admin pages read it: admins only, a validated query, one page. */
export interface AdminListRoute<Q extends z.ZodType, T> {
  url: string;
  summary: string;
  querystring: Q;
  /** The page's items (the total goes in the total-count header). */
  response: z.ZodType<T[]>;
  list: (db: Db, query: z.output<Q>) => Promise<Page<T>>;
}

/**
 * Registers a paged back-office list (`GET` with `page`, `pageSize` and its filters): the admin
 * guard, the contract's schemas, and the page sent with its total (`sendPage`), the same for every
 * list of the back office.
 */
export function adminListRoute<Q extends z.ZodType, T>(
  instance: FastifyInstance,
  route: AdminListRoute<Q, T>,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    route.url,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: route.summary,
        querystring: route.querystring,
        response: { 200: route.response },
      },
    },
    // The type provider cannot resolve a reply type through these generics; the response schema
    // still checks every item as it is sent.
    async (request, reply) =>
      sendPage(reply, await route.list(app.db, request.query as z.output<Q>)) as never,
  );
}
