import { useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@voltforge/contract/user';
import { api } from '../../lib/api-client';

export type SocialProvider = 'google' | 'facebook';

/** Which social sign-ins this shop has configured; it does not change while the page is open. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => api.get('/auth-providers', { schema: authProvidersSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
