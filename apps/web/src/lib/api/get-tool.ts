import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltforge/contract/tool';
import { api } from './api-client';
import { toolKeys } from './catalogue-keys';

/** GET /api/tool/:id. */
export function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
  return api.get(`/tool/${encodeURIComponent(id)}`, { signal });
}

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: toolKeys.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
    // Read by the server when it renders the page for a signed-in customer.
    meta: { read: `/tool/${encodeURIComponent(id)}` },
    // The stock shown must be current: it bounds what may be ordered or restocked.
    staleTime: 0,
  });

export function useTool(id: string) {
  return useQuery(toolQuery(id));
}
