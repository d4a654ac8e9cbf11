import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { CATALOGUE_CHANNEL } from '../db/change-channels.ts';
import { ResponseCache, type Fill } from './response-cache.ts';

export type { Fill } from './response-cache.ts';

export interface CatalogueCache {
  /**
   * Answers a catalogue read from the cache, or runs `load` (a database read), serializes its
   * result once through `schema` and keeps the bytes. `key` must name the normalized query.
   */
  answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<Fill<T>>,
  ): Promise<void>;
  /**
   * A route's `preValidation` hook: answers a URL that was answered before, while that answer is
   * kept, before its query string is validated (but after the rate limit and every `onRequest`
   * hook); otherwise the request goes on as usual.
   */
  serveHit: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
  /** Forgets every cached answer; what a committed catalogue change does. */
  invalidate(): void;
  /** Moves on every change: anything else built from catalogue data keeps only what matches it. */
  version(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

/** Enough for every category page, sort and the first pages of searches. */
const MAX_ENTRIES = 1000;

/**
 * The public catalogue's answers, kept finished (see response-cache.ts).
 *
 * An entry is served until a transaction that changed what the catalogue shows commits (every
 * such transaction announces it on the catalogue channel, which this instance and every other
 * one sharing the database receive) or its TTL runs out. A successful write request on this
 * instance also empties it before its answer goes out, so the writer's next read is fresh
 * without waiting for the notification. The TTL covers a notification lost while reconnecting.
 */
export const catalogueCachePlugin = fp(
  (app: FastifyInstance, opts: { ttlMs: number }, done: (err?: Error) => void) => {
    const cache = new ResponseCache({
      ttlMs: opts.ttlMs,
      maxEntries: MAX_ENTRIES,
      cacheControl: 'no-cache',
    });
    const invalidate = () => cache.clear();
    app.decorate('catalogueCache', {
      answer: (request, reply, key, schema, load) =>
        cache.answer(request, reply, key, '', schema, load),
      serveHit: (request, reply, done) => {
        if (!cache.serveHit(request, reply)) done();
      },
      invalidate,
      version: () => cache.version(),
    });
    app.changeFeed.on(CATALOGUE_CHANNEL, invalidate);
    app.changeFeed.onResync(invalidate);
    app.addHook('onSend', (request, reply, payload, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        invalidate();
      }
      next(null, payload);
    });
    done();
  },
  { name: 'catalogue-cache', dependencies: ['db', 'change-feed'] },
);
