import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../http-error.ts';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is never cached so a
 * deploy takes effect at once. Unknown /api paths are JSON 404s; any other path is a client
 * route and gets index.html.
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
    const hasBuild = existsSync(join(opts.distDir, 'index.html'));
    if (hasBuild) {
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
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet. Run `npm run build`, then reload.');
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
