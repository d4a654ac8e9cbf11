import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfileInput } from '@voltforge/contract/profile';
import { api } from '../../../lib/api-client';

/** Keyed by user, so a different account signing in on this tab never sees the last one's data. */
const profileKey = (userId: string) => ['profile', userId] as const;

export function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => api.get('/profile', { schema: profileSchema, signal }),
  });
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: UpdateProfileInput }) =>
      api.post<Profile>(`/user/${encodeURIComponent(email)}`, input, { schema: profileSchema }),
    onSuccess: (saved) => queryClient.setQueryData(profileKey(userId), saved),
  });
}
