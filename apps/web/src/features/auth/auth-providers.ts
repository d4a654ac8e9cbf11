import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

export type SocialProvider = 'google' | 'facebook';

// The shape of GET /api/auth-providers (apps/server/src/plugins/auth.ts).
const authProvidersSchema = z.object({ google: z.boolean(), facebook: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** Which social sign-ins this shop has configured; it does not change while the page is open. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => api.get('/auth-providers', { schema: authProvidersSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
