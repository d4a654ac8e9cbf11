import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@voltforge/contract/user';
import { api } from '../../../lib/api/api-client';

export type SocialProvider = 'google' | 'facebook';

export const authKeys = { providers: () => ['auth-providers'] as const };

/** GET /api/auth-providers: which social sign-ins this shop has configured. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get('/auth-providers', { signal });
}

export const authProvidersQuery = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => getAuthProviders(signal),
    // It does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQuery());
}
