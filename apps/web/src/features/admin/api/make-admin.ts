import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';
import { adminKeys } from './keys';

/** PUT /api/user/admin/:email. */
export function makeAdmin(email: string): Promise<ModifiedCount> {
  return api.put(`/user/admin/${encodeURIComponent(email)}`, undefined);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => makeAdmin(user.email),
    // Settled, not succeeded: after a refusal the list shows who is admin now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
