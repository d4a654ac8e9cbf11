import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api/api-client';
import type { Page } from '../../../lib/api/paged-fetch';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** DELETE /api/tool/:id: archives the tool; its orders keep their history. */
export function archiveTool(id: string): Promise<DeletedCount> {
  return api.delete(`/tool/${encodeURIComponent(id)}`);
}

export function useArchiveTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tool: Tool) => archiveTool(tool._id),
    onSuccess: ({ deletedCount }, tool) => {
      // Gone from the lists at once; the refetch below then confirms it.
      queryClient.setQueriesData<Page<Tool>>({ queryKey: toolKeys.lists() }, (current) =>
        current?.items.some((t) => t._id === tool._id)
          ? {
              // The catalogue's entry also carries its filters' counts: kept until the refetch.
              ...current,
              items: current.items.filter((t) => t._id !== tool._id),
              total: current.total - deletedCount,
            }
          : current,
      );
      queryClient.removeQueries({ queryKey: toolKeys.detail(tool._id) });
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: toolKeys.categories() }),
      ]);
    },
  });
}
