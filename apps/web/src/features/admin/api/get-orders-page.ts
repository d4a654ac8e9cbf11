import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import type { Order, OrderStatus } from '@voltforge/contract/order';
import { orderKeys } from '../../../lib/api/order-keys';
import { fetchPage, type Page } from '../../../lib/paged-fetch';

export const ORDERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;

/** GET /api/orders: one page of every customer's orders, optionally of one status. */
export function getOrdersPage(
  status: OrderStatus | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Order>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ORDERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  return fetchPage<Order>(`/orders?${params.toString()}`, signal);
}

export const ordersPageQuery = (status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: orderKeys.everyone({ status, page }),
    queryFn: ({ signal }) => getOrdersPage(status, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrdersPage(status: OrderStatus | undefined, page: number) {
  return useQuery(ordersPageQuery(status, page));
}
