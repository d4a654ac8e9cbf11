import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import type { ZodType } from 'zod';
import { apiRequest } from './api-client';

export interface Page<T> {
  items: T[];
  /** Matches across every page, from the server's X-Total-Count header. */
  total: number;
}

interface PageOptions<T> {
  /** Parses the rows; without it their type is taken on trust (keeps zod out of a page's code). */
  schema?: ZodType<T[]>;
  signal?: AbortSignal;
}

/** GET one page of a list endpoint (path relative to `/api`, query string included). */
export async function fetchPage<T>(
  path: string,
  { schema, signal }: PageOptions<T> = {},
): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>('GET', path, { schema, signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}
