import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@voltforge/contract/review';
import { api } from '../../../lib/api/api-client';
import { reviewKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/review. */
export function createReview(input: CreateReviewInput): Promise<Review> {
  return api.post('/review', input);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home page's review list is stale now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
  });
}
