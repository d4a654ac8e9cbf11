import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteSummary } from '@voltforge/contract/quote';
import { api } from '../../../lib/api/api-client';
import { quoteKeys } from './quote-keys';

/** GET /api/quotes: the buyer's quotes (and their company's, where they see its orders). */
export const myQuotesQuery = () =>
  queryOptions({
    queryKey: quoteKeys.mine(),
    queryFn: ({ signal }) => api.get<QuoteSummary[]>('/quotes', { signal }),
    meta: { read: '/quotes' },
  });

/** GET /api/admin/quotes: staff's queue, by state and search. */
export const quoteQueueQuery = (state: string, q: string) => {
  const query = new URLSearchParams({ ...(state && { state }), ...(q && { q }) }).toString();
  const path = `/admin/quotes${query ? `?${query}` : ''}`;
  return queryOptions({
    queryKey: quoteKeys.queue(state, q),
    queryFn: ({ signal }) => api.get<QuoteSummary[]>(path, { signal }),
    meta: { read: path },
  });
};

/** GET /api/quotes/:id: one quote, its revisions and thread (the buyer side and staff). */
export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => api.get<Quote>(`/quotes/${encodeURIComponent(id)}`, { signal }),
    meta: { read: `/quotes/${encodeURIComponent(id)}` },
  });

export const useQuote = (id: string) => useQuery(quoteQuery(id));
