import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@voltforge/contract/address-book';
import { api } from './api-client';

const ADDRESSES_PATH = '/addresses';

/** The signed-in buyer's address book: the profile page keeps it, checkout picks from it. */
export const addressKeys = { all: ['addresses'] as const };

export const addressesQuery = () =>
  queryOptions({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => api.get<SavedAddress[]>(ADDRESSES_PATH, { signal }),
    meta: { read: ADDRESSES_PATH },
  });

/** GET /api/addresses: the default first. */
export function useAddresses() {
  return useQuery(addressesQuery());
}
