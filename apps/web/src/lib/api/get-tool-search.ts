import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolListQueryInput, ToolSearch } from '@voltforge/contract/tool';
import { api } from './api-client';
import { toolKeys } from './tool-keys';

/** GET /api/tool/search: one page of tools, the number of matches and the filters' counts. */
export function getToolSearch(
  query: ToolListQueryInput,
  signal?: AbortSignal,
): Promise<ToolSearch> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return api.get(`/tool/search${qs ? `?${qs}` : ''}`, { signal });
}

export const toolSearchQuery = (query: ToolListQueryInput) =>
  queryOptions({
    queryKey: toolKeys.search(query),
    queryFn: ({ signal }) => getToolSearch(query, signal),
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });

export function useToolSearch(query: ToolListQueryInput) {
  return useQuery(toolSearchQuery(query));
}
