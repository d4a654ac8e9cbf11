import { useQuery } from '@tanstack/react-query';
import { toolsQuery } from '../../../lib/api/get-tools';

export const HOME_TOOL_COUNT = 6;

/** The newest tools, through the shared tool list so a stock change refreshes them too. */
export function useFeaturedTools() {
  return useQuery(toolsQuery({ sort: 'newest', pageSize: String(HOME_TOOL_COUNT) }));
}
