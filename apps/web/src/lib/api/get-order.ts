import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltforge/contract/order';
import { api } from './api-client';
import { orderKeys } from './order-keys';

const orderPath = (id: string) => `/order/${encodeURIComponent(id)}`;

/** GET /api/order/:id: the customer's own order, or any order for an admin. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get(orderPath(id), { signal });
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    meta: { read: orderPath(id) },
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
