import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@voltforge/contract/initial-data';

/**
 * The first data the server wrote into the page; undefined when there is none or it cannot be
 * read, which just means the page fetches as usual.
 */
function readInitialData(doc: Document = document): InitialData | undefined {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return undefined;
  }
}

/**
 * Puts the answers the page was rendered with into the query cache under the keys its loaders
 * named, so it hydrates with its content instead of a spinner. They count as read now: the data
 * is as fresh as the HTML, and each query's own staleTime decides when it is asked for again.
 */
function seedQueryCache(queryClient: QueryClient, data: InitialData): void {
  const state = data.queries as DehydratedState | undefined;
  if (!state || !Array.isArray(state.queries)) return;
  const now = Date.now();
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
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
