import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@voltforge/contract/profile';
import { api } from '../../../lib/api/api-client';
import { profileKeys } from '../../../lib/api/profile-keys';

/** POST /api/user/:email: saves the profile and answers with it as stored. */
export function updateProfile(email: string, input: UpdateProfileInput): Promise<Profile> {
  return api.post(`/user/${encodeURIComponent(email)}`, input);
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: UpdateProfileInput }) =>
      updateProfile(email, input),
    // The answer is the stored profile: no refetch needed.
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.detail(userId), saved),
  });
}
