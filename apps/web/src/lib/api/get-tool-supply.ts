import { useQuery } from '@tanstack/react-query';
import type { ToolSupply } from '@voltforge/contract/supply';
import { useHydrated } from '../first-paint/hydration';
import { api } from './api-client';

/** The tool's supply (stock, back-order terms, batches not yet promised), once hydrated. */
export function useToolSupply(toolId: string) {
  const path = `/tool/${encodeURIComponent(toolId)}/supply`;
  return useQuery({
    queryKey: ['tool-supply', toolId],
    queryFn: ({ signal }) => api.get<ToolSupply>(path, { signal }),
    meta: { read: path },
    enabled: useHydrated(),
  });
}
