import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { USER_CHANNEL } from '../db/change-channels.ts';
import { ResponseCache, type Fill } from './response-cache.ts';

export interface UserCache {
  /**
   * Answers one user's own read (their orders, their profile) from the cache, or runs `load` and
   * keeps the finished bytes under `key` until that user's data changes.
   */
  answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<Fill<T>>,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    userCache: UserCache;
  }
}

const MAX_ENTRIES = 20_000;

/**
 * Signed-in users' own answers, kept finished per user (see response-cache.ts). A trigger on the
 * user, session, profile and order tables announces the user's id on the user channel whenever
 * any of their rows change, however the change is made (a payment webhook, an admin, the expiry
 * sweep, another instance), and this instance forgets that user's answers.
 */
export const userCachePlugin = fp(
  (app: FastifyInstance, opts: { ttlMs: number }, done: (err?: Error) => void) => {
    const cache = new ResponseCache({
      ttlMs: opts.ttlMs,
      maxEntries: MAX_ENTRIES,
      cacheControl: 'private, no-cache',
    });
    app.decorate('userCache', {
      answer: (request, reply, userId, key, schema, load) =>
        cache.answer(request, reply, `${userId}\n${key}`, userId, schema, load),
    });
    app.changeFeed.on(USER_CHANNEL, (userId) => cache.forget(userId));
    app.changeFeed.onResync(() => cache.clear());
    done();
  },
  { name: 'user-cache', dependencies: ['change-feed'] },
);
