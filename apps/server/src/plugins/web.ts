import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../http-error.ts';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
}

/** index.html as every SPA route answers it: read and compressed once, at start. */
export interface PreparedPage {
  variants: Record<Encoding, Variant>;
  etags: Set<string>;
}

export function preparePage(html: Buffer): PreparedPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  // Each encoding is different bytes, so each gets its own strong ETag.
  const variants: Record<Encoding, Variant> = {
    identity: { body: html, etag: `"${hash}"` },
    br: {
      body: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${hash}-br"`,
    },
    gzip: { body: gzipSync(html, { level: 9 }), etag: `"${hash}-gz"` },
  };
  return { variants, etags: new Set(Object.values(variants).map((v) => v.etag)) };
}

/** The best encoding the client accepts; `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function sendPage(page: PreparedPage, request: FastifyRequest, reply: FastifyReply) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const variant = page.variants[encoding];
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', variant.etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    ifNoneMatch &&
    (ifNoneMatch.trim() === '*' ||
      ifNoneMatch.split(',').some((tag) => page.etags.has(tag.trim().replace(/^W\//, ''))))
  ) {
    return reply.status(304).send();
  }
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  void reply.header('content-length', variant.body.length);
  return reply.send(request.method === 'HEAD' ? undefined : variant.body);
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is never cached so a
 * deploy takes effect at once, but it answers a revalidation with 304. Every client route gets
 * the same index.html, so it is read and compressed once at start and served from memory: the
 * hot path does no file system work. Unknown /api paths are JSON 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const assetsDir = join(opts.distDir, 'assets');
    const cacheControl = (path: string) =>
      path.startsWith(assetsDir)
        ? 'public, max-age=31536000, immutable'
        : path.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600';
    const indexFile = join(opts.distDir, 'index.html');
    const page = existsSync(indexFile) ? preparePage(readFileSync(indexFile)) : undefined;
    if (page) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        setHeaders: (res, path) => {
          res.header('cache-control', cacheControl(path));
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web build not found: run `npm run build`');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) {
        throw notFound(`No API route ${request.method} ${path}.`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw notFound(`Cannot ${request.method} ${path}.`);
      }
      if (!page) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet. Run `npm run build`, then reload.');
      }
      return sendPage(page, request, reply);
    });
  },
  { name: 'web' },
);
