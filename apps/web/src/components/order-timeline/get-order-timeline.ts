import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { api } from '../../lib/api-client';

export const orderTimelineKeys = {
  all: ['order-timeline'] as const,
  /** The order's status is in the key: a status change is a new history to fetch. */
  order: (orderId: string, status: string) => [...orderTimelineKeys.all, orderId, status] as const,
};

/** GET /api/order/:id/timeline: the server decides which events this viewer sees. */
export const orderTimelineQuery = (orderId: string, status: string) =>
  queryOptions({
    queryKey: orderTimelineKeys.order(orderId, status),
    queryFn: ({ signal }): Promise<OrderTimeline> =>
      api.get(`/order/${encodeURIComponent(orderId)}/timeline`, {
        signal,
      }),
    staleTime: 0,
  });

export const useOrderTimeline = (orderId: string, status: string) =>
  useQuery(orderTimelineQuery(orderId, status));
