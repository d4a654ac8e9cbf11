import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectPrice } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { projectKeys } from '../../../lib/api/project-keys';

/** GET /api/projects/:id/price?builds=N: the project priced for N boards, at today's prices. */
export function priceProject(id: string, builds: number): Promise<ProjectPrice> {
  return api.get(`/projects/${encodeURIComponent(id)}/price?builds=${builds}`);
}

export function usePriceProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (builds: number) => priceProject(id, builds),
    // The list shows the last priced total.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
