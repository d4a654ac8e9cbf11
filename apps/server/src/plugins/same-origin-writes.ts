import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error.ts';

/** What a write from a page of another site is told. */
export const foreignOriginMessage =
  'This request came from a page of another site. Open the shop at its own address and try again.';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a write to the shop's own API (`/api/…` other than `/api/auth/…`, which better-auth
 * guards the same way) that a browser says comes from another origin. Session cookies are
 * SameSite=Lax and the API takes only JSON, so such a request could not act today; this is the
 * second lock (defence in depth, docs/security.md). A request without an `Origin` header (a
 * server-to-server call, curl, the card provider's webhook) is not a browser's and is let through.
 */
export const sameOriginWritesPlugin = fp(
  async (app: FastifyInstance, opts: { origins: readonly string[] }) => {
    const allowed = new Set(opts.origins.map((o) => new URL(o).origin));
    const refuseForeign: onRequestHookHandler = (request, _reply, done) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !READS.has(request.method) && !allowed.has(origin)) {
        done(forbidden(foreignOriginMessage));
        return;
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
      const own = route.onRequest;
      route.onRequest = [
        refuseForeign,
        ...(own === undefined ? [] : Array.isArray(own) ? own : [own]),
      ];
    });
  },
  { name: 'same-origin-writes' },
);
