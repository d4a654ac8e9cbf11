import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressInput } from '@voltforge/contract/address-book';
import { api } from '../../../lib/api/api-client';
import { addressBookPath, addressKeys, type AddressBookKind } from '../../../lib/api/get-addresses';

/** POST (a new one) or PUT /…/:id in the book; the book is read again after. */
export function useSaveAddress(book: AddressBookKind) {
  const queryClient = useQueryClient();
  const path = addressBookPath(book);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavedAddressInput }) =>
      id ? api.put<SavedAddress>(`${path}/${id}`, input) : api.post<SavedAddress>(path, input),
    // Saving one may move the default from another.
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.book(book) }),
  });
}

/** DELETE /…/:id in the book. */
export function useRemoveAddress(book: AddressBookKind) {
  const queryClient = useQueryClient();
  const path = addressBookPath(book);
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${path}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.book(book) }),
  });
}
