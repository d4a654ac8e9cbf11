import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import { apiRequest } from './api-client';

export interface Page<T> {
  items: T[];
  /** Matches across every page, from the server's X-Total-Count header. */
  total: number;
}

/** GET one page of a list endpoint (path relative to `/api`, query string included). */
export async function fetchPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>('GET', path, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}
