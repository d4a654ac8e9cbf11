import { queryOptions } from '@tanstack/react-query';
import type { ContactRequest, ContactResult, ShopSummary } from '@voltforge/contract/content';
import { api } from '../../../lib/api-client';

export const shopSummaryQuery = () =>
  queryOptions({
    queryKey: ['shop-summary'],
    queryFn: ({ signal }) => api.get<ShopSummary>('/summary', { signal }),
  });

export function sendContactMessage(body: ContactRequest): Promise<ContactResult> {
  return api.post<ContactResult>('/contact', body);
}
