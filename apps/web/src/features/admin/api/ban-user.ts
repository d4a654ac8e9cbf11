import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@voltforge/contract/admin';
import type { BanBody, UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';
import { adminKeys } from './keys';

/** PUT /api/user/ban/:email bans (disables) the account, saying why; DELETE lifts the ban. */
export function setBanned(email: string, banned: boolean, reason: string): Promise<ModifiedCount> {
  const path = `/user/ban/${encodeURIComponent(email)}`;
  return banned ? api.put(path, { reason } satisfies BanBody) : api.delete(path);
}

export function useSetBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      user,
      banned,
      reason,
    }: {
      user: UserSummary;
      banned: boolean;
      reason: string;
    }) => setBanned(user.email, banned, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
