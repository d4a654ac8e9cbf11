import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@voltforge/contract/review';
import { api } from '../../../lib/api/api-client';
import { reviewKeys } from '../../../lib/api/catalogue-keys';

/** PATCH /api/review/:id: hide a review from the shop, or show it again. */
export function setReviewHidden(id: string, hidden: boolean): Promise<AdminReview> {
  return api.patch(`/review/${encodeURIComponent(id)}`, { hidden }, {});
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setReviewHidden(id, hidden),
    // The home page's reviews change too; settled, as another admin may have acted meanwhile.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
  });
}
