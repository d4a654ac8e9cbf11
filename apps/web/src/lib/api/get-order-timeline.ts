import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { api } from './api-client';
import { orderTimelineKeys } from './order-timeline-keys';

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
