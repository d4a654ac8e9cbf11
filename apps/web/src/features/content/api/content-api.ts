import { queryOptions } from '@tanstack/react-query';
import type { ContactRequest, ContactResult, ShopSummary } from '@voltforge/contract/content';
import type { ToolCategory } from '@voltforge/contract/tool';
import { api } from '../../../lib/api-client';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['tool-categories'],
    queryFn: ({ signal }) => api.get<ToolCategory[]>('/tool/categories', { signal }),
    staleTime: 5 * 60_000,
  });

export const shopSummaryQuery = () =>
  queryOptions({
    queryKey: ['shop-summary'],
    queryFn: ({ signal }) => api.get<ShopSummary>('/summary', { signal }),
  });

export function sendContactMessage(body: ContactRequest): Promise<ContactResult> {
  return api.post<ContactResult>('/contact', body);
}
