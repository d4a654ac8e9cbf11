import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectToCart } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { cartKeys } from '../../../lib/cart/cart-keys';

/** POST /api/projects/:id/cart: N boards of the project into the cart, a verdict per line. */
export function projectToCart(
  id: string,
  builds: number,
  takeSuggestions: number[],
): Promise<ProjectToCart> {
  return api.post(`/projects/${encodeURIComponent(id)}/cart`, { builds, takeSuggestions });
}

export function useProjectToCart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ builds, takeSuggestions }: { builds: number; takeSuggestions: number[] }) =>
      projectToCart(id, builds, takeSuggestions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
