import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import type { UserSummary } from '@voltforge/contract/user';
import { fetchPage, type Page } from '../../../lib/paged-fetch';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;

/** GET /api/user: one page of accounts. */
export function getUsers(page: number, signal?: AbortSignal): Promise<Page<UserSummary>> {
  return fetchPage<UserSummary>(`/user?page=${page}&pageSize=${USERS_PAGE_SIZE}`, signal);
}

export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.usersPage(page),
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(page: number) {
  return useQuery(usersQuery(page));
}
