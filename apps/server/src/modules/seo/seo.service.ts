import { asc, isNull } from 'drizzle-orm';
import { publicPages, type PublicPage } from '@voltforge/contract/public-pages';
import type { Db } from '../../db/client.ts';
import { tool } from '../../db/schema/tool.ts';

/**
 * The public pages, as declared (`@voltforge/contract/public-pages`); a page that takes an id (a
 * tool's) is listed once per id below. The dashboard is private.
 */
const publicPagePaths = Object.values(publicPages as Record<string, PublicPage>)
  .map((page) => page.path)
  .filter((path) => !path.includes(':'));

/**
 * Crawlers may read the shop; the API is not a page. The dashboard is not disallowed here: a
 * crawler has no session, so it is served the shell with `X-Robots-Tag: noindex` (the web
 * plugin), which a crawler must be allowed to fetch to see.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEntities[c] ?? c);

function urlEntry(loc: string, lastmod?: Date): string {
  const lastmodTag = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmodTag}</url>`;
}

/**
 * Every public page and every tool for sale, with absolute URLs. A tool's lastmod is when it was
 * added: the catalogue keeps no later change date, and the pages have none.
 */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const tools = await db
    .select({ id: tool.id, createdAt: tool.createdAt })
    .from(tool)
    .where(isNull(tool.archivedAt))
    .orderBy(asc(tool.createdAt), asc(tool.id));
  const entries = [
    ...publicPagePaths.map((path) => urlEntry(`${publicUrl}${path}`)),
    ...tools.map((t) =>
      urlEntry(`${publicUrl}${publicPages.tool.path.replace(':id', t.id)}`, t.createdAt),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
