import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tool } from '../../db/schema/tool.ts';

/**
 * The client routes anyone may open, as the web app spells them (`/catagories` included, because
 * links already use it). The dashboard is private; a tool's page is listed per tool below.
 */
export const publicPagePaths = [
  '/',
  '/tools',
  '/catagories',
  '/about',
  '/summary',
  '/portfolio',
  '/blog',
  '/itSupport',
  '/design',
  '/login',
  '/register',
] as const;

/** Crawlers may read the shop; the dashboard is per person and the API is not a page. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
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
    ...tools.map((t) => urlEntry(`${publicUrl}/tool/${t.id}`, t.createdAt)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
