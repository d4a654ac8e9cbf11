import { useQuery } from '@tanstack/react-query';
import { toolSchema, type Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api-client';

export const toolQueryKey = (id: string) => ['tool', id] as const;

/** GET /api/tool/:id, parsed with the contract so a drifted shape fails loudly. */
export function useTool(id: string) {
  return useQuery({
    queryKey: toolQueryKey(id),
    queryFn: ({ signal }): Promise<Tool> =>
      api.get(`/tool/${encodeURIComponent(id)}`, { schema: toolSchema, signal }),
    // The stock shown must be current: it bounds what may be ordered.
    staleTime: 0,
  });
}
