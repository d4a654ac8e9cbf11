import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { matchPublicPage } from '@voltforge/contract/public-pages';
import { notFound } from '../http-error.ts';
import { preparePage, sendPage } from './web/page-html.ts';
import { createPages, type PageOptions } from './web/pages.ts';

interface WebOptions extends PageOptions {
  distDir: string;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is never cached so a
 * deploy takes effect at once, but it answers a revalidation with 304. Every client route gets
 * the same index.html, so it is read and compressed once at start and served from memory: the
 * hot path does no file system work. Unknown /api paths are JSON 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    const assetsDir = join(opts.distDir, 'assets');
    const cacheControl = (path: string) =>
      path.startsWith(assetsDir)
        ? 'public, max-age=31536000, immutable'
        : path.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600';
    const indexFile = join(opts.distDir, 'index.html');
    const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    const security = app.securityHeaders;
    const page = template === undefined ? undefined : preparePage(Buffer.from(template), security);
    // The shell at any other path (a private page to a visitor, a path that is no page) is kept
    // out of search engines by its own header rather than by robots.txt, which would also hide
    // the header: only public pages are for search, and a signed-in page rendered for its reader
    // is never served to a crawler, which has no session.
    const unlistedShell =
      template === undefined
        ? undefined
        : preparePage(Buffer.from(template), { ...security, 'x-robots-tag': 'noindex' });
    const pages =
      template === undefined ? undefined : createPages(opts.distDir, template, security, opts);
    if (page) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The web build writes each script and stylesheet as .br and .gz too
        // (scripts/precompress.ts): sent as they are, compressed once at build, not again per
        // request. A file without them is compressed per request, as every other answer.
        preCompressed: true,
        // The server renderer's build is the server's code, not the browser's.
        allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
        setHeaders: (res, path) => {
          res.header('cache-control', cacheControl(path));
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web build not found: run `npm run build`');
    }

    const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

    // Every client route is one GET route (a static file is a more specific route and wins), so a
    // page costs no not-found handling, no compression hooks and no security-header hook: its
    // bytes and all its headers are ready. Its other answers set the security headers here.
    app.get(
      '/*',
      { schema: { hide: true }, compress: false, config: { writesSecurityHeaders: true } },
      (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '/';
        const ready = pages?.ready(path, request.url, request.headers.cookie);
        if (ready) return sendPage(ready, request, reply);
        const isAsset = path.startsWith('/assets/');
        if (page && pages && !isAsset && !isApi(path)) {
          const shell = (!matchPublicPage(path) && unlistedShell) || page;
          return pages.make(path, request).then(
            (prepared) => sendPage(prepared ?? shell, request, reply),
            // Whatever goes wrong making a page, the app still works from the browser's shell.
            (error: unknown) => {
              request.log.error({ err: error, path }, 'could not make the page: serving the shell');
              sendPage(shell, request, reply);
            },
          );
        }
        void reply.headers(security);
        if (isApi(path)) throw notFound(`No API route ${request.method} ${path}.`);
        // A hashed file that is not there (an old build's chunk) must fail as a file, not parse
        // as HTML; no-store, so it is asked for again after a deploy.
        if (isAsset) {
          void reply.header('cache-control', 'no-store');
          throw notFound(`No file ${path}.`);
        }
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet. Run `npm run build`, then reload.');
      },
    );

    app.setNotFoundHandler(async (request, reply) => {
      void reply.headers(security);
      const path = request.url.split('?')[0] ?? '/';
      if (isApi(path)) throw notFound(`No API route ${request.method} ${path}.`);
      throw notFound(`Cannot ${request.method} ${path}.`);
    });
  },
  { name: 'web' },
);
