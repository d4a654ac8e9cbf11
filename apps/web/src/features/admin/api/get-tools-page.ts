import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@voltforge/contract/catalog';
import { toolsQuery } from '../../../lib/api/get-tools';

export const TOOLS_PAGE_SIZE = MAX_PAGE_SIZE;

/** The catalogue as the back office lists it: by name, largest pages, always fresh. */
export function useToolsPage(page: number, search: string) {
  return useQuery({
    ...toolsQuery({
      page: String(page),
      pageSize: String(TOOLS_PAGE_SIZE),
      sort: 'name',
      search: search || undefined,
    }),
    staleTime: 0,
  });
}
