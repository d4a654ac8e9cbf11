import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTool, AdminToolListQueryInput } from '@voltforge/contract/admin-tool';
import { MAX_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';
import { toolKeys } from '../../../lib/api/catalogue-keys';

export const ADMIN_TOOLS_PAGE_SIZE = MAX_ADMIN_PAGE_SIZE;

/**
 * GET /api/admin/tools: Manage Products' list with low-stock marks. Keyed under the tool lists,
 * so every change that refreshes the catalogue refreshes it too.
 */
export const adminToolsQuery = (query: AdminToolListQueryInput) =>
  queryOptions({
    queryKey: [...toolKeys.lists(), 'admin', query] as const,
    queryFn: ({ signal }): Promise<Page<AdminTool>> => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      return fetchPage(`/admin/tools?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminToolsPage(page: number, search: string, lowStock: boolean) {
  return useQuery(
    adminToolsQuery({
      page: String(page),
      pageSize: String(ADMIN_TOOLS_PAGE_SIZE),
      search: search || undefined,
      lowStock: lowStock ? 'true' : undefined,
    }),
  );
}
