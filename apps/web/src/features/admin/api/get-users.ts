import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;

/** GET /api/user: one page of accounts, only those matching `search` when given. */
export function getUsers(
  page: number,
  search: string | undefined,
  signal?: AbortSignal,
): Promise<Page<UserSummary>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  if (search) params.set('search', search);
  return fetchPage<UserSummary>(`/user?${params.toString()}`, signal);
}

export const usersQuery = (page: number, search?: string) =>
  queryOptions({
    queryKey: adminKeys.usersPage(page, search ?? ''),
    queryFn: ({ signal }) => getUsers(page, search, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(page: number, search?: string) {
  return useQuery(usersQuery(page, search));
}
