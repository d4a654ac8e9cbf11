import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';

const myOrdersPath = (email: string) => `/order?email=${encodeURIComponent(email)}`;

/** GET /api/order?email= — the signed-in customer's orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return api.get(myOrdersPath(email), { signal });
}

export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    meta: { read: myOrdersPath(email) },
    enabled: email !== '',
  });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQuery(email));
}
