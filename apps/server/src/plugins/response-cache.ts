import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TaggedCache } from '../cache/tagged-cache.ts';
import {
  chooseEncoding,
  compressBody,
  writeVariant,
  type Encoding,
  type PreparedVariant,
} from './prepared-reply.ts';

/** A finished answer: the JSON bytes, compressed on first demand per encoding. */
interface Entry {
  /** Headers the route's handler set (a list's total), sent with every encoding. */
  headers: OutgoingHttpHeaders;
  hash: string;
  identity: Buffer;
  /** Made on first demand, per encoding. */
  variants: Partial<Record<Encoding, PreparedVariant>>;
}

/** What a fill produces: the body (checked against the response schema once) and its headers. */
export interface Fill {
  body: unknown;
  headers: OutgoingHttpHeaders;
}

function makeVariant(entry: Entry, encoding: Encoding, cacheControl: string): PreparedVariant {
  const body =
    encoding === 'identity' ? entry.identity : compressBody(entry.identity, encoding, 'fast');
  // Each encoding is different bytes, so each gets its own strong ETag.
  const etag = `"${entry.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  const notModified: OutgoingHttpHeaders = {
    'cache-control': cacheControl,
    vary: 'accept-encoding',
    etag,
  };
  const headers: OutgoingHttpHeaders = {
    ...entry.headers,
    'content-type': 'application/json; charset=utf-8',
    ...notModified,
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  return { body, etag, headers, notModified };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  cacheControl: string,
): void {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const variant = (entry.variants[encoding] ??= makeVariant(entry, encoding, cacheControl));
  writeVariant(request, reply, variant, (tag) => tag === variant.etag);
}

export interface ResponseCacheOptions {
  /** How long an entry may be served at most; 0 keeps nothing (every read goes to the database). */
  ttlMs: number;
  /** The least recently used entries go beyond this many. */
  maxEntries: number;
  /** `no-cache` for public answers; `private, no-cache` for one user's. */
  cacheControl: string;
  /** False while changes cannot be heard of (the listening connection is down): keep nothing. */
  canKeep?: () => boolean;
}

/**
 * Finished JSON answers (bytes per encoding, a strong ETag, a list's total), so a hot read costs
 * neither a query, nor a schema check, nor a compression (docs/architecture.md, "Caches and
 * change notifications").
 *
 * Each entry carries a tag (the catalogue, or one user's id) in a `TaggedCache`: `forget(tag)`
 * drops that tag's entries when a notification says its data changed, and a read that raced a
 * change is answered but never kept.
 */
export class ResponseCache {
  private readonly store: TaggedCache<Entry>;
  /**
   * The key each request URL was answered under. A URL always normalizes to the same key, so
   * this survives forgetting; it lets `serveHit` answer before the query string is validated.
   */
  private readonly keysByUrl = new Map<string, string>();

  constructor(private readonly opts: ResponseCacheOptions) {
    this.store = new TaggedCache(opts);
  }

  /** Moves whenever anything is forgotten. */
  version(): number {
    return this.store.version();
  }

  /**
   * Answers from the cache, or runs `load` (a database read), serializes its result once through
   * `schema` and keeps the bytes under `key` (which must name the normalized query) and `tag`.
   */
  async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    tag: string,
    schema: z.ZodType,
    load: () => Promise<Fill>,
  ): Promise<void> {
    const cached = this.store.get(key);
    if (cached) return send(request, reply, cached, this.opts.cacheControl);
    const readAt = this.store.version();
    const { body, headers } = await load();
    const identity = Buffer.from(JSON.stringify(schema.parse(body)));
    const entry: Entry = {
      headers,
      hash: createHash('sha1').update(identity).digest('base64url'),
      identity,
      variants: {},
    };
    if (this.store.set(key, tag, entry, readAt)) {
      if (this.keysByUrl.size >= 4 * this.opts.maxEntries) this.keysByUrl.clear();
      this.keysByUrl.set(request.url, key);
    }
    return send(request, reply, entry, this.opts.cacheControl);
  }

  /**
   * Answers a request whose URL was answered before, if that answer is still kept; returns
   * false (sending nothing) otherwise. For a `preValidation` hook: a hit skips validation too.
   */
  serveHit(request: FastifyRequest, reply: FastifyReply): boolean {
    const key = this.keysByUrl.get(request.url);
    const cached = key === undefined ? undefined : this.store.get(key);
    if (!cached) return false;
    send(request, reply, cached, this.opts.cacheControl);
    return true;
  }

  /** Drops every entry under `tag`. */
  forget(tag: string): void {
    this.store.forget(tag);
  }

  /** Drops everything. */
  clear(): void {
    this.store.clear();
  }
}
