import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import type { AdminReview } from '@voltforge/contract/review';
import { reviewKeys } from '../../../lib/api/catalogue-keys';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';

export const REVIEWS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;

/** GET /api/reviews: one page of every review, hidden ones too. */
export function getReviewsPage(page: number, signal?: AbortSignal): Promise<Page<AdminReview>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(REVIEWS_PAGE_SIZE) });
  return fetchPage(`/reviews?${params.toString()}`, signal);
}

export const reviewsPageQuery = (page: number) =>
  queryOptions({
    queryKey: reviewKeys.everyone(page),
    queryFn: ({ signal }) => getReviewsPage(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useReviewsPage(page: number) {
  return useQuery(reviewsPageQuery(page));
}
