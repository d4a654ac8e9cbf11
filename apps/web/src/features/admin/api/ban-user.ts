import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';
import { adminKeys } from './keys';

/** PUT /api/user/ban/:email bans (disables) the account; DELETE lifts the ban. */
export function setBanned(email: string, banned: boolean): Promise<ModifiedCount> {
  const path = `/user/ban/${encodeURIComponent(email)}`;
  return banned ? api.put(path, undefined) : api.delete(path);
}

export function useSetBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, banned }: { user: UserSummary; banned: boolean }) =>
      setBanned(user.email, banned),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
