import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
// The plugin's own stores; it exports no types for them, only the store interface they implement.
// @ts-expect-error: no type declarations for the store modules
import LocalStoreModule from '@fastify/rate-limit/store/LocalStore.js';
// @ts-expect-error: no type declarations for the store modules
import RedisStoreModule from '@fastify/rate-limit/store/RedisStore.js';

type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]];
const LocalStore = LocalStoreModule as new (...args: StoreArgs) => FastifyRateLimitStore;
const RedisStore = RedisStoreModule as new (...args: StoreArgs) => FastifyRateLimitStore;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What the limiter hands a store: its global options, or a route's merged options. */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** After Redis fails to answer, how long requests count in the process without asking it. */
export const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * Counts in Redis, so every instance shares one count, and in the process while Redis does not
 * answer. An outage then makes the limit per instance, never off (a down Redis must not open
 * the door to unlimited requests). A command that fails or times out (the client's
 * `commandTimeout`: a hung Redis sends no error) sends the next requests straight to the
 * in-process count for `REDIS_RETRY_AFTER_MS`, so only the requests in flight at that moment
 * wait for the timeout; then Redis is asked again.
 */
export function redisWithFallbackStore(
  redis: Redis,
  nameSpace: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let warned = false;
  let skipRedisUntil = 0;
  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly shared: FastifyRateLimitStore = new RedisStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        nameSpace,
      ),
      private readonly local: FastifyRateLimitStore = new LocalStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
      ),
    ) {}

    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      const [key, callback, timeWindow, max] = args;
      if (Date.now() < skipRedisUntil) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) {
            warned = false;
            callback(null, result);
            return;
          }
          skipRedisUntil = Date.now() + REDIS_RETRY_AFTER_MS;
          if (!warned) {
            warned = true;
            log.warn({ err: error }, 'rate limit: Redis is not answering; counting per instance');
          }
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // A limiter made with `createRateLimit` (the page-render budget, security.ts) has no route,
      // and the Redis store names a route's counters after its method and URL (it reads them from
      // `routeInfo`, which the store's types leave out): name them here.
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      const named = (
        routeInfo?.url
          ? routeOptions
          : { ...routeOptions, routeInfo: { method: 'manual', url: '' } }
      ) as ChildOptions;
      return new FallbackStore(
        routeOptions as StoreOptions,
        this.shared.child(named),
        this.local.child(routeOptions),
      );
    }
  }
  return FallbackStore;
}
