import { catalogSearch, readCatalogState } from '@voltforge/contract/catalog';
import type { PageMeta } from '@voltforge/contract/page-meta';
import {
  catalogTitle,
  matchPublicPage,
  publicPages,
  type PublicPage,
} from '@voltforge/contract/public-pages';

/** What the served HTML of one page carries beyond the app's own index.html. */
export interface PublicHead {
  meta: PageMeta;
  /** Path (and query, where it picks the content) that search engines should index. */
  canonicalPath: string;
}

/** Public pages whose HTML is the same for everyone and never changes: prepared once. */
export const staticPages: Record<string, PageMeta> = Object.fromEntries(
  Object.values(publicPages as Record<string, PublicPage>)
    .filter((page) => page.firstPaint === 'static')
    .map((page) => [page.path, page.meta]),
);

/**
 * The URL a page with data is rendered for, for `url`: its path, and for the catalogue the
 * catalogue's state as the page reads it (defaults left out, values it would correct corrected).
 * The pages read nothing else of a query string, so the URLs that share a key share a page.
 */
export function pageKey(url: URL): string {
  if (matchPublicPage(url.pathname)?.page.firstPaint !== 'catalogue') return url.pathname;
  return `${url.pathname}${catalogSearch(readCatalogState(url.searchParams))}`;
}

/**
 * The head of a public page that shows data (title, description, canonical path): the catalogue
 * is titled by what it shows, a tool's page is its own canonical page. Undefined for any other
 * path; the page's data is what its loaders read.
 */
export function pageHead(url: URL): PublicHead | undefined {
  const found = matchPublicPage(url.pathname);
  if (!found || found.page.firstPaint === 'static') return undefined;
  const { page } = found;
  if (page.firstPaint === 'catalogue') {
    const state = readCatalogState(url.searchParams);
    return {
      meta: { title: catalogTitle(state), description: page.meta.description },
      canonicalPath: page.path,
    };
  }
  return {
    meta: page.meta,
    canonicalPath: page.firstPaint === 'tool' ? url.pathname : page.path,
  };
}
