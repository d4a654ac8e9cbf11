import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** POST /api/order/:id/project: the order saved as a new project of one board. */
export function saveOrderAsProject(orderId: string): Promise<Project> {
  return api.post(`/order/${encodeURIComponent(orderId)}/project`, {});
}

export function useSaveOrderAsProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderAsProject,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
