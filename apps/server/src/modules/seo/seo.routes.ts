import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { robotsTxt, sitemapXml } from './seo.service.ts';

/**
 * robots.txt and sitemap.xml for crawlers. Registered as routes, so they answer before the web
 * app's fallback (which sends index.html for every unknown path). They are files for crawlers, not
 * part of the JSON API, so the API reference leaves them out.
 */
export async function seoRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { publicUrl } = opts.config;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(app.db, publicUrl)),
  );
}
