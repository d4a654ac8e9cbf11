import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';
import { adminKeys } from './keys';

/** DELETE /api/user/admin/:email: the account becomes a customer again. */
export function removeAdmin(email: string): Promise<ModifiedCount> {
  return api.delete(`/user/admin/${encodeURIComponent(email)}`);
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => removeAdmin(user.email),
    // Settled, not succeeded: after a refusal the list shows who is admin now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
