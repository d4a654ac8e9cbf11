import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@voltforge/contract/profile';
import { api } from './api-client';
import { profileKeys } from './profile-keys';

const PROFILE_PATH = '/profile';

/** GET /api/profile: the signed-in user's profile. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get(PROFILE_PATH, { signal });
}

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => getProfile(signal),
    meta: { read: PROFILE_PATH },
  });

export function useProfile(userId: string) {
  return useQuery(profileQuery(userId));
}
