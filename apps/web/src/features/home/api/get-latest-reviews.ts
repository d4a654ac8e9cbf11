import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@voltforge/contract/review';
import { api } from '../../../lib/api-client';
import { reviewKeys } from '../../../lib/api/review-keys';

export const HOME_REVIEW_COUNT = 6;

/** GET /api/review?limit=: the newest reviews. */
export function getLatestReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return api.get(`/review?limit=${limit}`, {
    // Loaded on demand: the home page carries no zod of its own.
    schema: () => import('@voltforge/contract/review').then((m) => m.reviewSchema.array()),
    signal,
  });
}

export const latestReviewsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.latest(HOME_REVIEW_COUNT),
    queryFn: ({ signal }) => getLatestReviews(HOME_REVIEW_COUNT, signal),
  });

export function useLatestReviews() {
  return useQuery(latestReviewsQuery());
}
