import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Writes an answer whose bytes and headers are already final (a page, a cached catalogue or
 * per-user answer) straight to the socket, past Fastify's send pipeline: no serializer, no
 * `onSend` hook, no per-header bookkeeping. On the hottest reads that pipeline cost more than
 * the rest of the request (docs/performance.md, "Part 4").
 *
 * What the pipeline would have added is kept:
 * - headers set on the reply by earlier hooks (the security headers, the rate limit's counters)
 *   go out with the answer, under the answer's own;
 * - the `onSend` hooks this app has act only on writes (change-feed.ts, catalogue-cache.ts),
 *   and this serves only GET and HEAD;
 * - Fastify still writes its "request completed" log line (it listens from the request's start).
 *
 * `headers` must hold the answer's own headers, content-length included when there is a body.
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
