import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@voltforge/contract/initial-data';
import type { Page } from './paged-fetch';
import { reviewKeys } from './api/review-keys';
import { toolKeys } from './api/tool-keys';

/**
 * Puts the first data the server wrote into the page (home, catalogue, one tool) into the query
 * cache under the keys the pages read, so they render with content at once instead of a
 * spinner. The data is as fresh as the HTML; each query's own staleTime decides when it is asked
 * for again. A missing or unreadable element just means the pages fetch as usual.
 */
export function hydrateInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  let data: InitialData;
  try {
    data = JSON.parse(element.textContent) as InitialData;
  } catch {
    return;
  }
  for (const list of data.toolLists ?? []) {
    queryClient.setQueryData<Page<unknown>>(toolKeys.list(list.query), {
      items: list.items,
      total: list.total,
    });
  }
  if (data.latestReviews) {
    queryClient.setQueryData(reviewKeys.latest(data.latestReviews.limit), data.latestReviews.items);
  }
  if (data.tool) queryClient.setQueryData(toolKeys.detail(data.tool._id), data.tool);
}
