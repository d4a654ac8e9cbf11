import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolCategory } from '@voltforge/contract/tool';
import { api } from './api-client';
import { toolKeys } from './catalogue-keys';

const CATEGORIES_PATH = '/tool/categories';

/** GET /api/tool/categories: every category with its tool count. */
export function getCategories(signal?: AbortSignal): Promise<ToolCategory[]> {
  return api.get(CATEGORIES_PATH, { signal });
}

/** One cache entry serves the catalogue filters, the categories page and the admin's tool form. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: toolKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    meta: { read: CATEGORIES_PATH },
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
