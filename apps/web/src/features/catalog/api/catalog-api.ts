import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  TOTAL_COUNT_HEADER,
  type Tool,
  type ToolCategory,
  type ToolListQueryInput,
} from '@voltforge/contract/tool';
import { apiRequest, api } from '../../../lib/api-client';

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
  const { data, headers } = await apiRequest<Tool[]>('GET', `/tool${qs ? `?${qs}` : ''}`, {
    signal,
  });
  return { tools: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export const toolsQuery = (query: ToolListQueryInput) =>
  queryOptions({
    queryKey: ['tools', query],
    queryFn: ({ signal }) => fetchTools(query, signal),
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['tool-categories'],
    queryFn: ({ signal }) => api.get<ToolCategory[]>('/tool/categories', { signal }),
    staleTime: 5 * 60_000,
  });
