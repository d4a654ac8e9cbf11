import { hydrate, type QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@voltforge/contract/initial-data';
import type { Page } from '../api/paged-fetch';
import { reviewKeys } from '../api/review-keys';
import { shopTermsKey } from '../api/shop-terms-key';
import { toolKeys } from '../api/tool-keys';

/**
 * The first data the server wrote into the page (home, catalogue, categories, one tool, and the
 * shop's terms with each); undefined when there is none or it cannot be read, which just means
 * the pages fetch as usual.
 */
export function readInitialData(doc: Document = document): InitialData | undefined {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return undefined;
  }
}

/**
 * Puts a page's first data into the query cache under the keys the pages read, so they render
 * with content at once instead of a spinner. The server does the same before rendering the page,
 * so both render the same HTML. The data is as fresh as the HTML; each query's own staleTime
 * decides when it is asked for again.
 */
export function seedQueryCache(queryClient: QueryClient, data: InitialData): void {
  for (const list of data.toolLists ?? []) {
    queryClient.setQueryData<Page<unknown>>(toolKeys.list(list.query), {
      items: list.items,
      total: list.total,
    });
  }
  for (const search of data.toolSearches ?? []) {
    queryClient.setQueryData(toolKeys.search(search.query), search.result);
  }
  if (data.latestReviews) {
    queryClient.setQueryData(reviewKeys.latest(data.latestReviews.limit), data.latestReviews.items);
  }
  if (data.tool) queryClient.setQueryData(toolKeys.detail(data.tool._id), data.tool);
  if (data.categories) queryClient.setQueryData(toolKeys.categories(), data.categories);
  if (data.shopTerms) queryClient.setQueryData(shopTermsKey, data.shopTerms);
  // A signed-in page: the answers it was rendered with, under the keys that asked for them.
  if (data.queries) hydrate(queryClient, data.queries);
}

/** `readInitialData` into `seedQueryCache`; returns what it read. */
export function hydrateInitialData(
  queryClient: QueryClient,
  doc: Document = document,
): InitialData | undefined {
  const data = readInitialData(doc);
  if (data) seedQueryCache(queryClient, data);
  return data;
}
