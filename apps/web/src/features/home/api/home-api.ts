import { queryOptions } from '@tanstack/react-query';
import type { NewsletterResult } from '@voltforge/contract/content';
import type { Review } from '@voltforge/contract/review';
import type { Tool } from '@voltforge/contract/tool';
import { api } from '../../../lib/api-client';

/*
 * Only types come from the contract here: its schemas bring zod, which would more than double
 * the home page's code. The server validates every body, and its messages are shown as they are.
 */

export const HOME_TOOL_COUNT = 6;
export const HOME_REVIEW_COUNT = 6;

export const featuredToolsQuery = () =>
  queryOptions({
    queryKey: ['tools', 'featured', HOME_TOOL_COUNT],
    queryFn: ({ signal }) =>
      api.get<Tool[]>(`/tool?sort=newest&pageSize=${HOME_TOOL_COUNT}`, { signal }),
  });

export const latestReviewsQuery = () =>
  queryOptions({
    queryKey: ['reviews', 'latest', HOME_REVIEW_COUNT],
    queryFn: ({ signal }) => api.get<Review[]>(`/review?limit=${HOME_REVIEW_COUNT}`, { signal }),
  });

export function subscribeToNewsletter(email: string): Promise<NewsletterResult> {
  return api.post<NewsletterResult>('/newsletter', { email });
}
