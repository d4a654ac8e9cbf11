import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One encoding of a prepared answer: its bytes, its ETag and its headers, made once. */
export interface PreparedVariant {
  body: Buffer;
  etag: string;
  /** For a 200, and for a 304 (no body, so no length or encoding). */
  headers: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

/**
 * Writes an answer whose bytes and headers are already final (a page, a kept answer) straight to
 * the socket, past Fastify's serializer and `onSend` hooks, which cost more than the rest of a hot
 * read. Headers set by earlier hooks go out with it; what that means for hooks is in
 * docs/architecture.md, "Cached routes". `headers` includes content-length when there is a body.
 */
export function writePrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: OutgoingHttpHeaders,
  body?: Buffer,
): void {
  const all: OutgoingHttpHeaders = reply.getHeaders() as OutgoingHttpHeaders;
  for (const name in headers) all[name] = headers[name];
  reply.hijack();
  reply.raw.writeHead(status, all);
  reply.raw.end(request.method === 'HEAD' ? undefined : body);
}

/** Writes `variant`, or a 304 when the request's If-None-Match names a tag `isCurrent` accepts. */
export function writeVariant(
  request: FastifyRequest,
  reply: FastifyReply,
  variant: PreparedVariant,
  isCurrent: (etag: string) => boolean,
): void {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatchHas(ifNoneMatch, isCurrent)) {
    writePrepared(request, reply, 304, variant.notModified);
  } else {
    writePrepared(request, reply, 200, variant.headers, variant.body);
  }
}

/**
 * `'max'` for bytes prepared once; `'fast'` for bytes made while answering, where brotli's top
 * quality would cost more time than the bytes it saves (quality 5 is within a few % of its ratio).
 */
export function compressBody(
  body: Buffer,
  encoding: 'br' | 'gzip',
  effort: 'max' | 'fast',
): Buffer {
  const max = effort === 'max';
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: max ? 11 : 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: max ? 9 : 6 });
}

/** Whether an If-None-Match header names a current ETag (`*` names any; weak tags compare too). */
export function ifNoneMatchHas(ifNoneMatch: string, isCurrent: (etag: string) => boolean): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => isCurrent(tag.trim().replace(/^W\//, '')));
}

/** The best encoding the client accepts; `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  // A browser sends the same few spellings on every request: parse each once.
  let chosen = chosenEncodings.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = parseAcceptEncoding(acceptEncoding);
    if (chosenEncodings.size >= 64) chosenEncodings.clear();
    chosenEncodings.set(acceptEncoding, chosen);
  }
  return chosen;
}

const chosenEncodings = new Map<string, Encoding>();

function parseAcceptEncoding(acceptEncoding: string): Encoding {
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
