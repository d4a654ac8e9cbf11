import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@voltforge/contract/order';
import type {
  Quote,
  QuoteAcceptInput,
  QuoteRequestInput,
  QuoteRevisionInput,
} from '@voltforge/contract/quote';
import { api } from '../../../lib/api/api-client';
import { quoteKeys } from './quote-keys';

const base = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** POST /api/quotes: the page's requestKey makes a retry the same request. */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteRequestInput) => api.post<Quote>('/quotes', input),
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(quote.id), quote),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: quoteKeys.mine(), refetchType: 'none' }),
  });
}

/** A change of one quote whose answer is the quote: kept as its query's data. */
function useQuoteChange<I>(id: string, send: (input: I) => Promise<Quote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(id), quote),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === quoteKeys.all[0] && q.queryKey[1] !== 'detail',
      }),
  });
}

export const usePostQuoteMessage = (id: string) =>
  useQuoteChange(id, (body: string) => api.post<Quote>(`${base(id)}/messages`, { body }));

export const useDeclineQuote = (id: string) =>
  useQuoteChange(id, (reason: string) => api.post<Quote>(`${base(id)}/decline`, { reason }));

/** POST /api/admin/quotes/:id/revisions (staff): send the next revision. */
export const useSendRevision = (id: string) =>
  useQuoteChange(id, (input: QuoteRevisionInput) =>
    api.post<Quote>(`/admin/quotes/${encodeURIComponent(id)}/revisions`, input),
  );

/** POST /api/quotes/:id/accept: the order placed at the quote's figures. */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAcceptInput) => api.post<Order>(`${base(id)}/accept`, input),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: quoteKeys.all, refetchType: 'none' }),
  });
}
