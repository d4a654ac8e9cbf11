import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import { api } from '../../../lib/api/api-client';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** GET /api/admin/tools/:id: the tool with its low-stock threshold, for the edit form. */
export const adminToolQuery = (id: string) =>
  queryOptions({
    queryKey: [...toolKeys.detail(id), 'admin'] as const,
    queryFn: ({ signal }): Promise<AdminTool> =>
      api.get(`/admin/tools/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });

export const useAdminTool = (id: string) => useQuery(adminToolQuery(id));
