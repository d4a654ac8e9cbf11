import {
  HOME_REVIEW_COUNT,
  catalogQuery,
  homeToolsQuery,
  catalogSearch,
  readCatalogState,
  type CatalogQuery,
} from '@voltforge/contract/catalog';
import type { InitialData } from '@voltforge/contract/initial-data';
import { catalogTitle, pageMeta, type PageMeta } from '@voltforge/contract/page-meta';
import { toolListQuerySchema } from '@voltforge/contract/tool';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { listReviews } from '../reviews/reviews.service.ts';
import { getTool, listCategories, listTools } from '../tools/tools.service.ts';

/** What the served HTML of one page carries beyond the app's own index.html. */
export interface FirstPaint {
  meta: PageMeta;
  /** Path (and query, where it picks the content) that search engines should index. */
  canonicalPath: string;
  data?: InitialData;
}

/** Public pages whose HTML is the same for everyone and never changes: prepared once. */
export const staticPages: Record<string, PageMeta> = {
  '/about': pageMeta.about,
  '/itSupport': pageMeta.itSupport,
  '/design': pageMeta.design,
  '/summary': pageMeta.summary,
  '/blog': pageMeta.blog,
  '/login': pageMeta.login,
  '/register': pageMeta.register,
};

async function toolList(db: Db, query: CatalogQuery) {
  const page = await listTools(db, toolListQuerySchema.parse(query));
  return { query, items: page.items, total: page.total };
}

const TOOL_PATH = /^\/tool\/([^/]+)$/;

/**
 * The URL `firstPaint` and the renderer are given for `url`: its path, and for the catalogue the
 * catalogue's state as the page reads it (defaults left out, values it would correct corrected).
 * The pages read nothing else of a query string, so the URLs that share a key share a page.
 */
export function firstPaintKey(url: URL): string {
  if (url.pathname !== '/tools') return url.pathname;
  return `/tools${catalogSearch(readCatalogState(url.searchParams))}`;
}

/**
 * The first data of a page that shows catalogue data (home, catalogue, categories, one tool),
 * read with the same services and queries as the API calls the page would make; undefined for any
 * other path.
 */
export async function firstPaint(db: Db, url: URL): Promise<FirstPaint | undefined> {
  const path = url.pathname;
  if (path === '/') {
    const [tools, reviews] = await Promise.all([
      toolList(db, homeToolsQuery),
      listReviews(db, HOME_REVIEW_COUNT),
    ]);
    return {
      meta: pageMeta.home,
      canonicalPath: '/',
      data: { toolLists: [tools], latestReviews: { limit: HOME_REVIEW_COUNT, items: reviews } },
    };
  }
  if (path === '/tools') {
    const state = readCatalogState(url.searchParams);
    // The filters list the categories: with them the page renders complete.
    const [list, categories] = await Promise.all([
      toolList(db, catalogQuery(state)),
      listCategories(db),
    ]);
    return {
      meta: { title: catalogTitle(state), description: pageMeta.tools.description },
      canonicalPath: '/tools',
      data: { toolLists: [list], categories },
    };
  }
  if (path === '/catagories') {
    return {
      meta: pageMeta.categories,
      canonicalPath: path,
      data: { categories: await listCategories(db) },
    };
  }
  const toolId = TOOL_PATH.exec(path)?.[1];
  if (toolId !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(toolId);
    } catch {
      return undefined;
    }
    try {
      const tool = await getTool(db, id);
      return { meta: pageMeta.tool, canonicalPath: path, data: { tool } };
    } catch (error) {
      // An unknown or archived tool: the page shows its own "not available" message.
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  }
  return undefined;
}
