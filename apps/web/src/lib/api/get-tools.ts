import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool, ToolListQueryInput } from '@voltforge/contract/tool';
import { fetchPage, type Page } from './paged-fetch';
import { toolKeys } from './catalogue-keys';

/** The API path (under /api) of a page of tools. */
function toolsPath(query: ToolListQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/tool${qs ? `?${qs}` : ''}`;
}

/** GET /api/tool: one page of tools plus the number of matches across all pages. */
export function getTools(query: ToolListQueryInput, signal?: AbortSignal): Promise<Page<Tool>> {
  return fetchPage<Tool>(toolsPath(query), signal);
}

export const toolsQuery = (query: ToolListQueryInput) =>
  queryOptions({
    queryKey: toolKeys.list(query),
    queryFn: ({ signal }) => getTools(query, signal),
    meta: { read: toolsPath(query), paged: true },
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });

export function useTools(query: ToolListQueryInput) {
  return useQuery(toolsQuery(query));
}
