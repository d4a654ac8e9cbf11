import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { afterHydration, isHydrating } from '../first-paint/hydration';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The API path (under /api) the query's data is the answer of: a page's loader names the
       * query, and the server reads it before rendering the page (lib/first-paint/page-loader.ts).
       */
      read?: string;
      /** The answer is one page of a list: its items, and its total from X-Total-Count. */
      paged?: boolean;
    };
  }
}

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network blips and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const refetchStale = () => void client.refetchQueries({ type: 'active', stale: true });
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // A query with data, mounted while the page hydrates, does not refetch then: its data is
        // what the page was rendered with. The stale ones refetch once the page is hydrated, as
        // they would have on mount. A query without data fetches at once, as always.
        refetchOnMount: () => {
          if (!isHydrating()) return true;
          afterHydration(refetchStale);
          return false;
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
