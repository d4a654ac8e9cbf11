import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@voltforge/contract/address-book';
import { api } from './api-client';

/** Whose address book: the buyer's own, or their company's shared one. */
export type AddressBookKind = 'own' | 'company';

/** The API path of a book (under /api). */
export const addressBookPath = (book: AddressBookKind) =>
  book === 'own' ? '/addresses' : '/company/addresses';

/** The signed-in buyer's address books: the profile page keeps them, checkout picks from them. */
export const addressKeys = {
  all: ['addresses'] as const,
  book: (book: AddressBookKind) => [...addressKeys.all, book] as const,
};

export const addressesQuery = (book: AddressBookKind = 'own', enabled = true) =>
  queryOptions({
    queryKey: addressKeys.book(book),
    queryFn: ({ signal }) => api.get<SavedAddress[]>(addressBookPath(book), { signal }),
    meta: { read: addressBookPath(book) },
    enabled,
  });

/** GET /api/addresses or /api/company/addresses: the default first. */
export function useAddresses(book: AddressBookKind = 'own', enabled = true) {
  return useQuery(addressesQuery(book, enabled));
}
