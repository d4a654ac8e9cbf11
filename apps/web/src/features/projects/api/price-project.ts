import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectPrice } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** POST /api/projects/:id/price: the project priced for a number of boards, at today's prices. */
export function priceProject(id: string, builds: number): Promise<ProjectPrice> {
  return api.post(`/projects/${encodeURIComponent(id)}/price`, { builds });
}

export function usePriceProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (builds: number) => priceProject(id, builds),
    // The list shows the last priced total.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
