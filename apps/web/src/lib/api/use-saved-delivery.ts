import type { SavedAddress } from '@voltforge/contract/address-book';
import type { Company } from '@voltforge/contract/company';
import type { Profile } from '@voltforge/contract/profile';
import { addressesQuery, useAddresses } from './get-addresses';
import { companyQuery, useCompany } from './get-company';
import { profileQuery, useProfile } from './get-profile';

/** A saved address as an order's delivery fields: the recipient on the address's first line. */
export function deliveryTo(entry: SavedAddress): { phone: string; address: string } {
  return { phone: entry.phone, address: `${entry.recipient}\n${entry.address}` };
}

/** What a buyer has saved to deliver to, for an order form to start from. */
export interface SavedDelivery {
  /** The buyer's address books (their own, their company's), the empty ones left out. */
  books: Array<{ label: string; addresses: readonly SavedAddress[] }>;
  /** The default address of either book, if there is one. */
  chosen: SavedAddress | undefined;
  /** The form's first phone and address: the default address's, else the profile's, else none. */
  delivery: { phone: string; address: string };
  profile: Profile | undefined;
  company: Company | null | undefined;
}

/**
 * The reads `useSavedDelivery` makes, for a page's loader, so the server renders the form it
 * starts (a buyer in no company has no shared book: that read is left for the browser).
 */
export const savedDeliveryQueries = (userId: string) =>
  [profileQuery(userId), addressesQuery(), companyQuery(), addressesQuery('company')] as const;

/**
 * Where checkout and the one-tool order form start from: the default address of the buyer's or
 * their company's address book, else the profile's phone and address. `undefined` while any of
 * them is still loading; a book that failed to load is only left out.
 */
export function useSavedDelivery(userId: string): SavedDelivery | undefined {
  const profile = useProfile(userId);
  const addresses = useAddresses();
  const company = useCompany();
  const shared = useAddresses('company', !!company.data);
  if (
    profile.isPending ||
    addresses.isPending ||
    company.isPending ||
    (company.data && shared.isPending)
  ) {
    return undefined;
  }
  const books = [
    { label: 'Your addresses', addresses: addresses.data ?? [] },
    { label: company.data?.name ?? 'Company', addresses: (company.data && shared.data) || [] },
  ].filter((b) => b.addresses.length > 0);
  const chosen = books.flatMap((b) => b.addresses).find((entry) => entry.isDefault);
  return {
    books,
    chosen,
    delivery: chosen
      ? deliveryTo(chosen)
      : { phone: profile.data?.phone ?? '', address: profile.data?.address ?? '' },
    profile: profile.data,
    company: company.data,
  };
}
