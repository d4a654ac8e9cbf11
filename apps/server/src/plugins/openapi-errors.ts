import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrorBodySchema } from '@voltforge/contract/api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route's service can answer with beyond those its guard and inputs imply. */
    extraErrors?: readonly number[];
  }
}

/** The statuses a hook can answer with; the auth guards carry theirs (see auth/guards.ts). */
function guardStatuses(hooks: RouteOptions['onRequest']): number[] {
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  return list.flatMap(
    (hook) => (hook as { errorStatuses?: readonly number[] }).errorStatuses ?? [],
  );
}

/** The error statuses a route can answer with, derived from what the route declares. */
export function errorStatusesOf(route: RouteOptions): number[] {
  const schema = route.schema ?? {};
  const statuses = new Set<number>([500, 503]);
  if (route.config?.rateLimit !== false) statuses.add(429);
  for (const status of guardStatuses(route.onRequest)) statuses.add(status);
  if (schema.params || schema.body || schema.querystring) statuses.add(400);
  // An unknown (or not visible) object behind a path parameter is a 404.
  if (schema.params) statuses.add(404);
  for (const status of route.config?.extraErrors ?? []) statuses.add(status);
  return [...statuses].sort();
}

/**
 * The API reference lists every error a route can return, each with the one error body; the
 * same schema also serializes those replies, so what is documented is what is sent.
 */
export const openapiErrorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      if (route.schema?.hide) return;
      const errors = Object.fromEntries(
        errorStatusesOf(route).map((status) => [status, apiErrorBodySchema]),
      );
      route.schema = {
        ...route.schema,
        response: { ...errors, ...(route.schema?.response as object | undefined) },
      };
    });
  },
  { name: 'openapi-errors' },
);
