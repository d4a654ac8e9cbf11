import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Tool, ToolListQueryInput } from '@voltforge/contract/tool';
import { fetchPage } from '../../../lib/paged-fetch';

export interface ToolPage {
  tools: Tool[];
  total: number;
}

/** GET /api/tool: one page of tools plus the number of matches across all pages. */
export async function fetchTools(
  query: ToolListQueryInput,
  signal?: AbortSignal,
): Promise<ToolPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  const { items, total } = await fetchPage<Tool>(`/tool${qs ? `?${qs}` : ''}`, { signal });
  return { tools: items, total };
}

export const toolsQuery = (query: ToolListQueryInput) =>
  queryOptions({
    queryKey: ['tools', query],
    queryFn: ({ signal }) => fetchTools(query, signal),
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });
