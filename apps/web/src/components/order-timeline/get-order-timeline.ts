import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderTimelineSchema, type OrderTimeline } from '@voltforge/contract/order-timeline';
import { api } from '../../lib/api-client';

export const orderTimelineKeys = {
  all: ['order-timeline'] as const,
  order: (orderId: string) => [...orderTimelineKeys.all, orderId] as const,
};

/** GET /api/order/:id/timeline: the server decides which events this viewer sees. */
export const orderTimelineQuery = (orderId: string) =>
  queryOptions({
    queryKey: orderTimelineKeys.order(orderId),
    queryFn: ({ signal }): Promise<OrderTimeline> =>
      api.get(`/order/${encodeURIComponent(orderId)}/timeline`, {
        schema: orderTimelineSchema,
        signal,
      }),
    staleTime: 0,
  });

export const useOrderTimeline = (orderId: string, enabled = true) =>
  useQuery({ ...orderTimelineQuery(orderId), enabled });
