import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { adminKeys } from './keys';

/** DELETE /api/user/:email. */
export function removeUser(email: string): Promise<DeletedCount> {
  return api.delete(`/user/${encodeURIComponent(email)}`);
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => removeUser(user.email),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        // Their orders now belong to no account: the order lists show them differently.
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}
