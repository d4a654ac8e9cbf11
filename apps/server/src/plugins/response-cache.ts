import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import { chooseEncoding } from './web.ts';

/** A finished answer: the JSON bytes, compressed on first demand per encoding. */
interface Entry {
  tag: string;
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

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  cacheControl: string,
): FastifyReply {
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
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (entry.total !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(entry.total));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return reply.status(304).send();
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.header('content-length', body.length).send(body);
}

export interface ResponseCacheOptions {
  /** How long an entry may be served at most; 0 keeps nothing (every read goes to the database). */
  ttlMs: number;
  /** The least recently used entries go beyond this many. */
  maxEntries: number;
  /** `no-cache` for public answers; `private, no-cache` for one user's. */
  cacheControl: string;
}

/**
 * Finished JSON answers (bytes per encoding, a strong ETag, a list's total), so a hot read costs
 * neither a query, nor a schema check, nor a compression (docs/architecture.md, "Caches and
 * change notifications").
 *
 * Each entry carries a tag (the catalogue, or one user's id); `forget(tag)` drops that tag's
 * entries when a notification says its data changed. A fill is stamped with the generation seen
 * before its query started and is kept only if nothing was forgotten meanwhile, so a read that
 * raced a change is answered but never kept.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /**
   * The key each request URL was answered under. A URL always normalizes to the same key, so
   * this survives forgetting; it lets `serveHit` answer before the query string is validated.
   */
  private readonly keysByUrl = new Map<string, string>();
  private generation = 0;

  constructor(private readonly opts: ResponseCacheOptions) {}

  /** Moves whenever anything is forgotten. */
  version(): number {
    return this.generation;
  }

  /**
   * Answers from the cache, or runs `load` (a database read), serializes its result once through
   * `schema` and keeps the bytes under `key` (which must name the normalized query) and `tag`.
   */
  async answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    tag: string,
    schema: z.ZodType<T>,
    load: () => Promise<Fill<T>>,
  ): Promise<FastifyReply> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) {
      // Re-inserting keeps the Map in least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return send(request, reply, cached, this.opts.cacheControl);
    }
    if (cached) this.remove(key, cached.tag);
    const readAt = this.generation;
    const { body, total } = await load();
    const identity = Buffer.from(JSON.stringify(schema.parse(body)));
    const entry: Entry = {
      tag,
      expiresAt: now + this.opts.ttlMs,
      total,
      hash: createHash('sha1').update(identity).digest('base64url'),
      identity,
      compressed: {},
    };
    if (this.opts.ttlMs > 0 && readAt === this.generation) {
      this.keep(key, entry);
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
    const cached = key === undefined ? undefined : this.entries.get(key);
    if (key === undefined || !cached || cached.expiresAt <= Date.now()) return false;
    this.entries.delete(key);
    this.entries.set(key, cached);
    send(request, reply, cached, this.opts.cacheControl);
    return true;
  }

  /** Drops every entry under `tag`. */
  forget(tag: string): void {
    this.generation += 1;
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysByTag.delete(tag);
  }

  /** Drops everything. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByTag.clear();
  }

  private keep(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) this.remove(key, old.tag);
    this.entries.set(key, entry);
    let keys = this.keysByTag.get(entry.tag);
    if (!keys) this.keysByTag.set(entry.tag, (keys = new Set()));
    keys.add(key);
    if (this.entries.size > this.opts.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value ?? [];
      if (oldestKey !== undefined && oldest) this.remove(oldestKey, oldest.tag);
    }
  }

  private remove(key: string, tag: string) {
    this.entries.delete(key);
    const keys = this.keysByTag.get(tag);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByTag.delete(tag);
  }
}
