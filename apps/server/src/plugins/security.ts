import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { GOOGLE_ISSUER } from '../auth/social-sign-in.ts';
import { redisWithFallbackStore } from './rate-limit-store.ts';

/** How long a Redis command may take before the rate limits count in the process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** What `/api/ready` says while Redis does not answer (docs/architecture.md, "Dependencies"). */
export const REDIS_DEGRADED_MODE = 'rate limits counted per instance';
/** The prefix of every key the shop writes in Redis. */
const RATE_LIMIT_NAMESPACE = 'voltforge-rl-';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (see `securityPlugin`). */
    securityHeaders: Readonly<Record<string, string>>;
    /**
     * Counts one page render for the request's client and says whether it is within the budget
     * (`PAGE_RENDERS_PER_MINUTE`); always true when rate limits are off.
     */
    pageRenderAllowed: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyContextConfig {
    /**
     * The route writes `app.securityHeaders` into every answer itself (prepared pages, web.ts),
     * so the per-request hook that sets them is not added to it.
     */
    writesSecurityHeaders?: boolean;
  }
}

/**
 * Puts `hook` first among the `onRequest` hooks of every route registered from now on, except the
 * routes that write the security headers themselves (`writesSecurityHeaders`: their answers are
 * prepared with them, and a hook could not add them to an early answer). A hook added later runs
 * before one added earlier.
 */
export function beforeEachRoute(app: FastifyInstance, hook: onRequestHookHandler): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.writesSecurityHeaders) return;
    const own = route.onRequest;
    route.onRequest = [hook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

/**
 * Pages a client may have read and rendered per minute when the page cache does not hold them
 * (docs/architecture.md §9); a browsing visitor makes a few.
 */
export const PAGE_RENDERS_PER_MINUTE = 60;

/** The headers helmet would set, worked out once: they depend on the config, never the request. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw new Error('The security header options are invalid.', { cause: failure });
  return headers;
}

/**
 * Where a form on our pages may send the browser: our own origin, and the sign-in and payment
 * providers that are configured (a social sign-in is a form post answered by a redirect to the
 * provider, which Chromium checks against form-action). Nothing else, so an injected form cannot
 * post a visitor's input anywhere.
 */
export function formActionOrigins(config: Config): string[] {
  const origins = new Set<string>();
  if (config.google) origins.add(new URL(config.google.issuer ?? GOOGLE_ISSUER).origin);
  if (config.facebook) origins.add('https://www.facebook.com');
  // 3-D Secure returns through Stripe's redirect host.
  if (config.payments.provider === 'stripe') origins.add('https://hooks.stripe.com');
  return [...origins];
}

export function helmetOptions(config: Config): HelmetOptions {
  const onStripe = config.payments.provider === 'stripe';
  const stripe = onStripe ? ['https://js.stripe.com'] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        frameSrc: ["'self'", ...stripe],
        connectSrc: ["'self'", ...(onStripe ? ['https://api.stripe.com'] : [])],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'", ...formActionOrigins(config)],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers and plug-ins that no longer exist: the XSS auditor (removed from every
    // browser; helmet only sends "0" to switch it off), Internet Explorer 8's download prompt, and
    // Flash/Acrobat cross-domain policies. DNS prefetching is left to the browser: the pages link
    // only to our own origin and the configured providers. Each header costs every response its
    // bytes and its write (docs/decisions/009-lean-security-headers.md).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    // The optional sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https://'),
  };
}

/** Security headers, response compression and the API's rate limit. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    // helmet's middleware re-parses its CSP directives on every request; these never change.
    const headers = securityHeaders(helmetOptions(config));
    app.decorate('securityHeaders', headers);
    const setHeaders: onRequestHookHandler = (_request, reply, done) => {
      void reply.headers(headers);
      done();
    };
    // A hook on each route (first of its onRequest hooks, so a rate limit's 429 carries them
    // too) rather than one global hook, so that a route answering with prepared bytes can write
    // them with the rest of its headers at no cost per request. The not-found handler sets them
    // itself (web.ts), as it is no route.
    beforeEachRoute(app, setHeaders);
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
    });
    if (config.rateLimit) {
      // Loaded only when configured: the client is a sizeable module tree that start-up need not pay for.
      const redis = config.redisUrl
        ? new (await import('ioredis')).Redis(config.redisUrl, {
            lazyConnect: false,
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
            // A Redis that is up but silent (hung, paused, a black-holed network) never sends an
            // error: without a bound every counted request would wait for it.
            commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
            connectTimeout: 2_000,
          })
        : undefined;
      if (redis) {
        app.declareDependency('redis', async () => {
          try {
            // A write, as the limiter's counts are: a Redis at its maxmemory answers PING and
            // reads but refuses every write, and the limits then count per instance.
            await redis.set(`${RATE_LIMIT_NAMESPACE}ready-probe`, '1', 'PX', 10_000);
            return null;
          } catch {
            return REDIS_DEGRADED_MODE;
          }
        });
        // ioredis reports a lost connection as an 'error' event; unhandled, it would go to the
        // console on every reconnect attempt. The store below says once that it counts locally.
        redis.on('error', (err: Error) => app.log.debug({ err }, 'rate limit: Redis error'));
        app.addHook('onClose', async () => {
          // A hung Redis never answers QUIT: give it a moment, then drop the connection.
          if (redis.status === 'ready') {
            await Promise.race([
              redis.quit().catch(() => undefined),
              new Promise((resolve) => setTimeout(resolve, 500)),
            ]);
          }
          redis.disconnect();
        });
      }
      // Only the API is limited; static files are cheap and cached. This hook must run before
      // the limiter's own onRoute hook, which reads the route's rateLimit config.
      app.addHook('onRoute', (route) => {
        const own = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
        if (
          own === undefined &&
          route.url.startsWith('/api/') &&
          !route.url.startsWith('/api/auth')
        ) {
          route.config = { ...route.config, rateLimit: { max: 300, timeWindow: '1 minute' } };
        }
      });
      await app.register(rateLimit, {
        global: false,
        max: 300,
        timeWindow: '1 minute',
        // One IPv6 customer holds a whole /64: counting per address would let them rotate.
        ipv6Subnet: 64,
        ...(redis ? { store: redisWithFallbackStore(redis, RATE_LIMIT_NAMESPACE, app.log) } : {}),
      });
      // A page the cache does not hold costs a read and a render, and its URL is the client's to
      // choose (`/tools?search=<anything>`): the renders are budgeted per client, shared by the
      // instances like the API's counts. Over budget the page is served without them (web.ts).
      const pageRenders = app.createRateLimit({
        max: PAGE_RENDERS_PER_MINUTE,
        timeWindow: '1 minute',
      });
      app.decorate('pageRenderAllowed', async (request: FastifyRequest) => {
        const limit = await pageRenders(request);
        return limit.isAllowed || !limit.isExceeded;
      });
    } else {
      app.decorate('pageRenderAllowed', () => Promise.resolve(true));
    }
  },
  { name: 'security', dependencies: ['dependencies'] },
);
