import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The API path (under /api) the query's data is the answer of: a signed-in page rendered on
       * the server reads it for its reader and renders with the answer (entry-server.tsx).
       */
      read?: string;
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
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
