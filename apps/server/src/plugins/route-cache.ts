import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { SessionUser } from '../auth/guards.ts';
import { CATALOGUE_CHANNEL, USER_CHANNEL } from '../db/change-channels.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * What a GET route's answers may be kept by (docs/architecture.md, "Cached routes"):
 * - `catalogue`: the public catalogue's data (the tool and review tables); one answer per URL for
 *   everybody, forgotten when a change to those tables commits;
 * - `user`: the signed-in user's own data; one answer per user and URL, forgotten when that
 *   user's rows change. `unless` names the requests answered fresh instead (an admin reading
 *   another account's data, which is not this user's to be told about).
 */
export type RouteCacheScope =
  | { scope: 'catalogue' }
  | { scope: 'user'; unless?: (request: FastifyRequest, user: SessionUser) => boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: RouteCacheScope;
  }
  interface FastifyInstance {
    /** Moves whenever kept catalogue data is forgotten; pages built from it compare it. */
    catalogueVersion(): number;
    /** Forgets every kept catalogue answer (tests use it to stage a change mid-request). */
    forgetCatalogue(): void;
  }
}

/** Enough for every category page, sort and the first pages of searches. */
const MAX_CATALOGUE_ENTRIES = 1000;
const MAX_USER_ENTRIES = 20_000;

/**
 * Turns a route's `config.cache` into kept, finished answers. The route's handler stays a plain
 * handler (it returns the body and may set headers, such as a list's total); this plugin keeps
 * what it produced, serialized once through the route's 200 schema, compressed once per encoding,
 * with a strong ETag, and answers the next request for the same URL from memory.
 *
 * Answers are written past Fastify's send pipeline (prepared-reply.ts), so a cached route runs
 * no `onSend` hook and no compression hook: a cached route must be a GET, and this plugin refuses
 * one that declares an `onSend` hook of its own. The app's only `onSend` hook acts on writes
 * (change-feed.ts).
 *
 * Registered before the compression plugin, so the route is marked uncompressed before that
 * plugin sees it.
 */
export const routeCachePlugin = fp(
  (app: FastifyInstance, opts: { catalogueTtlMs: number; userTtlMs: number }, done) => {
    const listening = () => app.changeFeed.listening();
    const catalogue = new ResponseCache({
      ttlMs: opts.catalogueTtlMs,
      maxEntries: MAX_CATALOGUE_ENTRIES,
      cacheControl: 'no-cache',
      canKeep: listening,
    });
    const users = new ResponseCache({
      ttlMs: opts.userTtlMs,
      maxEntries: MAX_USER_ENTRIES,
      cacheControl: 'private, no-cache',
      canKeep: listening,
    });
    app.changeFeed.on(CATALOGUE_CHANNEL, () => catalogue.clear());
    app.changeFeed.on(USER_CHANNEL, (userId) => users.forget(userId));
    app.changeFeed.onResync(() => {
      catalogue.clear();
      users.clear();
    });
    app.decorate('catalogueVersion', () => catalogue.version());
    app.decorate('forgetCatalogue', () => catalogue.clear());

    // Fastify copies a GET route's options for its HEAD twin before this hook runs, so each of
    // the two comes here once, with the route's own handler.
    app.addHook('onRoute', (route) => {
      const cache = route.config?.cache;
      if (!cache) return;
      const schema = cachedRouteSchema(route);
      const handler = route.handler;
      route.compress = false;
      if (cache.scope === 'catalogue') {
        // A URL answered before is answered before its query string is even validated.
        const serveHit = (request: FastifyRequest, reply: FastifyReply, next: () => void) => {
          if (!catalogue.serveHit(request, reply)) next();
        };
        route.preValidation = [serveHit, ...[route.preValidation ?? []].flat()];
        route.handler = async function (request, reply) {
          // The key is what validation made of the request, defaults included.
          const key = JSON.stringify([route.url, request.params, request.query]);
          return catalogue.answer(request, reply, key, '', schema, () =>
            produce(handler, this, request, reply),
          );
        };
      } else {
        route.handler = async function (request, reply) {
          const user = await request.sessionUser();
          if (!user || cache.unless?.(request, user)) return handler.call(this, request, reply);
          const key = JSON.stringify([user.id, route.url, request.params, request.query]);
          return users.answer(request, reply, key, user.id, schema, () =>
            produce(handler, this, request, reply),
          );
        };
      }
    });
    done();
  },
  { name: 'route-cache', dependencies: ['change-feed'] },
);

function cachedRouteSchema(route: RouteOptions): z.ZodType {
  const methods = [route.method].flat();
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
    throw new Error(`${route.url}: only GET routes can be cached`);
  }
  // The HEAD twin Fastify makes of a GET route carries Fastify's own body-dropping onSend hook;
  // a prepared answer drops the body of a HEAD itself.
  if (route.onSend && route.method !== 'HEAD') {
    throw new Error(`${route.url}: a cached answer is written without running onSend hooks`);
  }
  const schema = (route.schema?.response as Record<number, z.ZodType> | undefined)?.[200];
  if (!schema) throw new Error(`${route.url}: a cached route needs a 200 response schema`);
  return schema;
}

/** Runs the route's own handler; the headers it sets are kept with its body. */
async function produce(
  handler: RouteHandlerMethod,
  instance: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const before = new Set(Object.keys(reply.getHeaders()));
  const body: unknown = await handler.call(instance, request, reply);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (!before.has(name) && value !== undefined) headers[name] = String(value);
  }
  return { body, headers };
}
