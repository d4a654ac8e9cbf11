import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/** Security headers, response compression and the API's rate limit. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const onStripe = config.payments.provider === 'stripe';
    const stripe = onStripe ? ['https://js.stripe.com'] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe],
          frameSrc: ["'self'", ...stripe],
          connectSrc: ["'self'", ...(onStripe ? ['https://api.stripe.com'] : [])],
          imgSrc: ["'self'", 'data:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Social sign-in posts its callback to the provider's own origin.
          formAction: ["'self'", 'https:', 'http:'],
          upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The optional sign-in popup must be able to report back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      hsts: config.publicUrl.startsWith('https://'),
    });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
    });
    if (config.rateLimit) {
      const redis = config.redisUrl
        ? new Redis(config.redisUrl, {
            lazyConnect: false,
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
          })
        : undefined;
      if (redis) app.addHook('onClose', async () => void (await redis.quit()));
      await app.register(rateLimit, {
        global: false,
        max: 300,
        timeWindow: '1 minute',
        redis,
        nameSpace: 'voltforge-rl-',
        skipOnError: true,
      });
      // Only the API is limited; static files are cheap and cached.
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
    }
  },
  { name: 'security' },
);
