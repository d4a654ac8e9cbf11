import { useQuery } from '@tanstack/react-query';
import { homeToolsQuery } from '@voltforge/contract/catalog';
import { toolsQuery } from '../../../lib/api/get-tools';

/** The newest tools, through the shared tool list so a stock change refreshes them too. */
export function useFeaturedTools() {
  return useQuery(toolsQuery(homeToolsQuery));
}
