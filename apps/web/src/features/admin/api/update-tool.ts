import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolPatch } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api/api-client';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** PATCH /api/tool/:id with only the fields that changed. */
export function updateTool(id: string, patch: ToolPatch): Promise<Tool> {
  return api.patch(`/tool/${encodeURIComponent(id)}`, patch);
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ToolPatch }) => updateTool(id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(toolKeys.detail(saved._id), saved);
      // Lists show the new values; a changed category moves a count from one category to another.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: toolKeys.categories() }),
      ]);
    },
  });
}
