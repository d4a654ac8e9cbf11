import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_REVIEW_COUNT } from '@voltforge/contract/catalog';
import type { Review } from '@voltforge/contract/review';
import { api } from '../../../lib/api/api-client';
import { reviewKeys } from '../../../lib/api/catalogue-keys';

const latestReviewsPath = (limit: number) => `/review?limit=${limit}`;

/** GET /api/review?limit=: the newest reviews. */
export function getLatestReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return api.get(latestReviewsPath(limit), { signal });
}

export const latestReviewsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.latest(HOME_REVIEW_COUNT),
    queryFn: ({ signal }) => getLatestReviews(HOME_REVIEW_COUNT, signal),
    meta: { read: latestReviewsPath(HOME_REVIEW_COUNT) },
  });

export function useLatestReviews() {
  return useQuery(latestReviewsQuery());
}
