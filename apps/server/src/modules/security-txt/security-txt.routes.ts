import type { FastifyInstance } from 'fastify';

/** How far ahead Expires lies; RFC 9116 asks for less than a year. */
const VALID_FOR_MS = 180 * 24 * 3600 * 1000;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. The file is written at
 * each request from the configuration, so its Expires never lapses on a shop nobody edits.
 */
export async function securityTxtRoutes(
  app: FastifyInstance,
  opts: { publicUrl: string; contact: string },
) {
  app.get(
    '/.well-known/security.txt',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (_request, reply) => {
      const expires = new Date(Date.now() + VALID_FOR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const body = [
        `Contact: ${opts.contact}`,
        `Expires: ${expires}`,
        'Preferred-Languages: en',
        `Canonical: ${opts.publicUrl}/.well-known/security.txt`,
        '',
      ].join('\n');
      return reply.type('text/plain; charset=utf-8').send(body);
    },
  );
}
