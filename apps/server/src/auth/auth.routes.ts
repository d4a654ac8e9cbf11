import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { authProvidersSchema, wrongOriginMessage } from '@voltforge/contract/user';
import type { Config } from '../config.ts';
import { offeredProviders } from './social-sign-in.ts';

/** better-auth's endpoints under /api/auth/*, and which social sign-ins the shop offers. */
export async function authRoutes(instance: FastifyInstance, opts: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const providers = offeredProviders(opts.config);
  const wrongOrigin = wrongOriginMessage(opts.config.publicUrl);
  // Each refused origin is logged once (and at most 100 of them), not at every attempt.
  const explainedOrigins = new Set<string>();

  app.get(
    '/api/auth-providers',
    { schema: { tags: ['auth'], response: { 200: authProvidersSchema } } },
    async () => providers,
  );

  // better-auth speaks the Fetch API; hand it the request and copy its response back. Its
  // endpoints answer in better-auth's own format, so they stay out of this API's reference.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, opts.config.publicUrl);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const headers = fromNodeHeaders(request.headers);
      // The client address as Fastify resolved it (TRUST_PROXY decides), for auth rate limits.
      headers.set('x-forwarded-for', request.ip);
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      void reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') void reply.header(key, value);
      });
      if (url.pathname.startsWith('/api/auth/callback/')) {
        // The popup's last page (the provider's redirect back) must stay in its opener's
        // browsing context group to post the result to it; the site-wide
        // same-origin-allow-popups would sever a window arriving from the provider's origin.
        void reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (response.status === 403 && body?.includes('"INVALID_ORIGIN"')) {
        // better-auth says only "Invalid origin"; a person opening the shop at another spelling
        // of its address (127.0.0.1 for localhost) needs to know which address works.
        const origin = request.headers.origin ?? request.headers.referer ?? '(none)';
        if (!explainedOrigins.has(origin) && explainedOrigins.size < 100) {
          explainedOrigins.add(origin);
          request.log.warn({ origin }, `sign-in refused for origin ${origin}: ${wrongOrigin}`);
        }
        reply.removeHeader('content-length');
        return reply.send({ code: 'INVALID_ORIGIN', message: wrongOrigin });
      }
      return reply.send(body);
    },
  });
}
