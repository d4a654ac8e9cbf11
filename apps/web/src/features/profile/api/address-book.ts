import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressInput } from '@voltforge/contract/address-book';
import { api } from '../../../lib/api/api-client';
import { addressKeys } from '../../../lib/api/get-addresses';

/** POST /api/addresses (a new one) or PUT /api/addresses/:id; the book is read again after. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavedAddressInput }) =>
      id
        ? api.put<SavedAddress>(`/addresses/${id}`, input)
        : api.post<SavedAddress>('/addresses', input),
    // Saving one may move the default from another.
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** DELETE /api/addresses/:id. */
export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/addresses/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
