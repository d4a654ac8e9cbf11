import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestockInput } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api/api-client';
import type { Page } from '../../../lib/api/paged-fetch';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/tool/:id/restock: adds to the stock. */
export function restockTool(id: string, body: RestockInput): Promise<Tool> {
  return api.post(`/tool/${encodeURIComponent(id)}/restock`, body);
}

export function useRestockTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tool, quantity }: { tool: Tool; quantity: number }) =>
      restockTool(tool._id, { quantity }),
    onSuccess: (saved) => {
      queryClient.setQueryData(toolKeys.detail(saved._id), saved);
      // The new stock shows at once; the refetch below then confirms it.
      queryClient.setQueriesData<Page<Tool>>({ queryKey: toolKeys.lists() }, (current) =>
        current
          ? { ...current, items: current.items.map((t) => (t._id === saved._id ? saved : t)) }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: toolKeys.lists() });
    },
  });
}
