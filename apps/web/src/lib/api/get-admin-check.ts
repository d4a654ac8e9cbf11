import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCheck } from '@voltforge/contract/user';
import { api } from './api-client';

export const adminCheckKeys = { of: (email: string) => ['admin-check', email] as const };

/** GET /api/admin/:email: whether this account is an admin, as the server decides it now. */
export const adminCheckQuery = (email: string) =>
  queryOptions({
    queryKey: adminCheckKeys.of(email),
    queryFn: ({ signal }): Promise<AdminCheck> =>
      api.get(`/admin/${encodeURIComponent(email)}`, { signal }),
    // Ask again on every visit: someone whose admin role was revoked must not keep access.
    staleTime: 0,
  });

/** Asks once `email` is known (the session has loaded). */
export const useAdminCheck = (email: string | undefined) =>
  useQuery({ ...adminCheckQuery(email ?? ''), enabled: Boolean(email) });
