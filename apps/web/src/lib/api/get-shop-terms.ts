import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopTermsFromJson, type ShopTermsJson } from '@voltforge/contract/charges';
import { api } from './api-client';
import { shopTermsKey } from './shop-terms-key';

/*
 * The shop's shipping and tax terms: the home page's promise and the tool order page read them.
 * Pages the server renders get them with their first data (lib/first-paint/initial-data.ts).
 */

const SHOP_TERMS_PATH = '/shop/terms';

/** GET /api/shop/terms: the flat shipping rate, the free-shipping threshold and the tax rate. */
export function getShopTerms(signal?: AbortSignal): Promise<ShopTermsJson> {
  return api.get(SHOP_TERMS_PATH, { signal });
}

export const shopTermsQuery = () =>
  queryOptions({
    queryKey: shopTermsKey,
    queryFn: ({ signal }) => getShopTerms(signal),
    meta: { read: SHOP_TERMS_PATH },
    // They change only with a restart of the shop.
    staleTime: Infinity,
    select: shopTermsFromJson,
  });

/** The terms in cents and basis points, ready for `orderCharges`. */
export function useShopTerms() {
  return useQuery(shopTermsQuery());
}
