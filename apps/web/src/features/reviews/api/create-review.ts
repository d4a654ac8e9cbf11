import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewSchema, type CreateReviewInput } from '@voltforge/contract/review';
import { api } from '../../../lib/api-client';

/**
 * POST /api/review. Afterwards every cached review list is stale. The lists belong to other
 * features (the home page grid); by convention their query keys start with "reviews".
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => api.post('/review', input, { schema: reviewSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
