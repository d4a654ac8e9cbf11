import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import { CATALOGUE_CHANNEL } from '../db/catalogue-changes.ts';
import { chooseEncoding } from './web.ts';

/** A finished answer: the JSON bytes, compressed on first demand per encoding. */
interface Entry {
  version: number;
  expiresAt: number;
  total: number | undefined;
  hash: string;
  identity: Buffer;
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** What a fill produces: the body (checked against the response schema once) and a list's total. */
export interface Fill<T> {
  body: T;
  total?: number;
}

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
  ): Promise<FastifyReply>;
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

/** Enough for every category page, sort and the first pages of searches; oldest go first. */
const MAX_ENTRIES = 1000;
const RECONNECT_MS = 1000;

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    // Quality 5 is a fraction of the cost of 11 for JSON this size, and within a few % of its ratio.
    return brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: 6 });
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  let body = entry.identity;
  if (encoding !== 'identity') {
    body = entry.compressed[encoding] ?? compress(entry.identity, encoding);
    entry.compressed[encoding] = body;
  }
  // Each encoding is different bytes, so each gets its own strong ETag.
  const etag = `"${entry.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  void reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (entry.total !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(entry.total));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return reply.status(304).send();
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.header('content-length', body.length).send(body);
}

/**
 * The public catalogue's answers, kept finished (JSON bytes per encoding, a strong ETag and the
 * total count) so a hot read costs neither a query, nor a schema check, nor a compression.
 *
 * An entry is served only while the catalogue version it was read at is current and its TTL has
 * not run out. The version moves when a transaction that changed what the catalogue shows
 * commits: every such transaction sends a notification (see db/catalogue-changes.ts) that this
 * instance and every other one sharing the database receive; a successful write request on this
 * instance also moves it before its answer goes out, so the writer's next read is fresh without
 * waiting for the notification. The TTL covers a notification lost while reconnecting. An entry
 * is stamped with the version seen before its query started, so a read racing a change is never
 * kept past that change.
 */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance, opts: { ttlMs: number }) => {
    let version = 0;
    const entries = new Map<string, Entry>();
    const invalidate = () => {
      version += 1;
      entries.clear();
    };

    const answer: CatalogueCache['answer'] = async (request, reply, key, schema, load) => {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.version === version && cached.expiresAt > now) {
        // Re-inserting keeps the Map in least-recently-used order.
        entries.delete(key);
        entries.set(key, cached);
        return send(request, reply, cached);
      }
      const readAt = version;
      const { body, total } = await load();
      const identity = Buffer.from(JSON.stringify(schema.parse(body)));
      const entry: Entry = {
        version: readAt,
        expiresAt: now + opts.ttlMs,
        total,
        hash: createHash('sha1').update(identity).digest('base64url'),
        identity,
        compressed: {},
      };
      if (opts.ttlMs > 0 && readAt === version) {
        entries.delete(key);
        entries.set(key, entry);
        if (entries.size > MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return send(request, reply, entry);
    };

    app.decorate('catalogueCache', { answer, invalidate, version: () => version });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        invalidate();
      }
      done(null, payload);
    });

    const { database } = app;
    if (database.pglite) {
      const unlisten = await database.pglite.listen(CATALOGUE_CHANNEL, invalidate);
      app.addHook('onClose', async () => unlisten());
      return;
    }
    if (!database.pool) return;

    // A connection of its own that only listens, reconnecting if it drops (nothing is lost
    // for long: the cache is emptied on every reconnect and the TTL bounds the gap).
    const poolOptions = database.pool.options;
    let listener: pg.Client | undefined;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const client = new pg.Client({
        connectionString: poolOptions.connectionString,
        host: poolOptions.host,
        port: poolOptions.port,
        user: poolOptions.user,
        password: poolOptions.password,
        database: poolOptions.database,
        ssl: poolOptions.ssl,
      });
      const lost = () => {
        if (listener !== client) return;
        listener = undefined;
        invalidate();
        if (!closing) retry = setTimeout(() => void connect(), RECONNECT_MS);
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', invalidate);
      listener = client;
      try {
        await client.connect();
        await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
        invalidate();
      } catch (error) {
        app.log.warn({ err: error }, 'catalogue cache: cannot listen for changes; retrying');
        lost();
        await client.end().catch(() => undefined);
      }
    };
    await connect();
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    });
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
);
