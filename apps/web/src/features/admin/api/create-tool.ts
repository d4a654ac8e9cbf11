import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolInput } from '@voltforge/contract/admin';
import type { Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api/api-client';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/tool. */
export function createTool(body: ToolInput): Promise<Tool> {
  return api.post('/tool', body);
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    // A new tool shows in the tool lists and adds to its category's count.
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: toolKeys.categories() }),
      ]),
  });
}
