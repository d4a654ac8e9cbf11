import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolListQueryInput, ToolSearch } from '@voltforge/contract/tool';
import { api } from './api-client';
import { toolKeys } from './catalogue-keys';

/** The API path (under /api) of a search of the catalogue. */
function toolSearchPath(query: ToolListQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/tool/search${qs ? `?${qs}` : ''}`;
}

/** GET /api/tool/search: one page of tools, the number of matches and the filters' counts. */
export function getToolSearch(
  query: ToolListQueryInput,
  signal?: AbortSignal,
): Promise<ToolSearch> {
  return api.get(toolSearchPath(query), { signal });
}

export const toolSearchQuery = (query: ToolListQueryInput) =>
  queryOptions({
    queryKey: toolKeys.search(query),
    queryFn: ({ signal }) => getToolSearch(query, signal),
    meta: { read: toolSearchPath(query) },
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });

export function useToolSearch(query: ToolListQueryInput) {
  return useQuery(toolSearchQuery(query));
}
