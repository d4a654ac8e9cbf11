import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSummary } from '@voltforge/contract/content';
import { api } from '../../../lib/api/api-client';

export const summaryKeys = { shop: () => ['summary'] as const };

/** GET /api/summary: the shop's figures. */
export function getShopSummary(signal?: AbortSignal): Promise<ShopSummary> {
  return api.get('/summary', { signal });
}

export const shopSummaryQuery = () =>
  queryOptions({
    queryKey: summaryKeys.shop(),
    queryFn: ({ signal }) => getShopSummary(signal),
  });

export function useShopSummary() {
  return useQuery(shopSummaryQuery());
}
