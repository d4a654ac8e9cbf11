import {
  HOME_REVIEW_COUNT,
  catalogQuery,
  homeToolsQuery,
  catalogSearch,
  readCatalogState,
  type CatalogQuery,
} from '@voltforge/contract/catalog';
import type { InitialData } from '@voltforge/contract/initial-data';
import type { ShopTermsJson } from '@voltforge/contract/charges';
import type { PageMeta } from '@voltforge/contract/page-meta';
import {
  catalogTitle,
  matchPublicPage,
  publicPages,
  type FirstPaint as FirstPaintKind,
  type PublicPage,
} from '@voltforge/contract/public-pages';
import { toolListQuerySchema } from '@voltforge/contract/tool';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { listReviews } from '../reviews/reviews.service.ts';
import { listTools, searchTools } from '../tools/tool-search.ts';
import { getTool, listCategories } from '../tools/tools.service.ts';

/** What the served HTML of one page carries beyond the app's own index.html. */
export interface FirstPaint {
  meta: PageMeta;
  /** Path (and query, where it picks the content) that search engines should index. */
  canonicalPath: string;
  data?: InitialData;
}

/** Public pages whose HTML is the same for everyone and never changes: prepared once. */
export const staticPages: Record<string, PageMeta> = Object.fromEntries(
  Object.values(publicPages as Record<string, PublicPage>)
    .filter((page) => page.firstPaint === 'static')
    .map((page) => [page.path, page.meta]),
);

async function toolList(db: Db, query: CatalogQuery) {
  const page = await listTools(db, toolListQuerySchema.parse(query));
  return { query, items: page.items, total: page.total };
}

/**
 * The URL `firstPaint` and the renderer are given for `url`: its path, and for the catalogue the
 * catalogue's state as the page reads it (defaults left out, values it would correct corrected).
 * The pages read nothing else of a query string, so the URLs that share a key share a page.
 */
export function firstPaintKey(url: URL): string {
  if (matchPublicPage(url.pathname)?.page.firstPaint !== 'catalogue') return url.pathname;
  return `${url.pathname}${catalogSearch(readCatalogState(url.searchParams))}`;
}

type Reader = (db: Db, url: URL, page: PublicPage, id: string) => Promise<FirstPaint | undefined>;

/** How each kind of page with data reads its first data (`static` pages have none). */
const readers: Record<Exclude<FirstPaintKind, 'static'>, Reader> = {
  async home(db, _url, page) {
    const [tools, reviews] = await Promise.all([
      toolList(db, homeToolsQuery),
      listReviews(db, HOME_REVIEW_COUNT),
    ]);
    return {
      meta: page.meta,
      canonicalPath: page.path,
      data: { toolLists: [tools], latestReviews: { limit: HOME_REVIEW_COUNT, items: reviews } },
    };
  },
  async catalogue(db, url, page) {
    const state = readCatalogState(url.searchParams);
    // One answer has the page's tools and the filters' counts: with it the page renders complete.
    const query = catalogQuery(state);
    const result = await searchTools(db, toolListQuerySchema.parse(query));
    return {
      meta: { title: catalogTitle(state), description: page.meta.description },
      canonicalPath: page.path,
      data: { toolSearches: [{ query, result }] },
    };
  },
  async categories(db, _url, page) {
    return {
      meta: page.meta,
      canonicalPath: page.path,
      data: { categories: await listCategories(db) },
    };
  },
  async tool(db, url, page, rawId) {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      return undefined;
    }
    try {
      const tool = await getTool(db, id);
      return { meta: page.meta, canonicalPath: url.pathname, data: { tool } };
    } catch (error) {
      // An unknown or archived tool: the page shows its own "not available" message.
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  },
};

/**
 * The first data of a public page that shows catalogue data, as its declaration says to read it,
 * with the same services and queries as the API calls the page would make; undefined for any
 * other path.
 */
export async function firstPaint(
  db: Db,
  url: URL,
  shopTerms: ShopTermsJson,
): Promise<FirstPaint | undefined> {
  const found = matchPublicPage(url.pathname);
  if (!found || found.page.firstPaint === 'static') return undefined;
  const read = await readers[found.page.firstPaint](db, url, found.page, found.id ?? '');
  // Every page with data carries the shop's terms: the home page's promise and the order form's
  // shipping are written from them.
  return read && { ...read, data: { ...read.data, shopTerms } };
}
