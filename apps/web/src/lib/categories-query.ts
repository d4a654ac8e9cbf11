import { queryOptions } from '@tanstack/react-query';
import type { ToolCategory } from '@voltforge/contract/tool';
import { api } from './api-client';

/**
 * GET /api/tool/categories: every category with its tool count. Shared by the catalogue filters,
 * the categories page and the admin's tool form; one cache entry serves them all, and the admin's
 * saves invalidate every query, so a new category shows at once.
 */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['tool-categories'],
    queryFn: ({ signal }) => api.get<ToolCategory[]>('/tool/categories', { signal }),
    staleTime: 5 * 60_000,
  });
