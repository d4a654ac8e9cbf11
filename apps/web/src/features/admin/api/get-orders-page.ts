import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import { orderKeys } from '../../../lib/api/order-keys';
import { fetchPage, type Page } from '../../../lib/api/paged-fetch';

export const ORDERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;

/** Manage All Orders' filters: a status, and an order number or text in the part number, tool or customer. */
export interface OrdersFilter {
  status?: OrderStatus;
  search?: string;
}

/** The filters as the list and the CSV export take them in the query string. */
export function ordersFilterParams({ status, search }: OrdersFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search) params.set('search', search);
  return params;
}

/** GET /api/orders: one page of every customer's orders, optionally filtered. */
export function getOrdersPage(
  filter: OrdersFilter,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Order>> {
  const params = ordersFilterParams(filter);
  params.set('page', String(page));
  params.set('pageSize', String(ORDERS_PAGE_SIZE));
  return fetchPage<Order>(`/orders?${params.toString()}`, signal);
}

export const ordersPageQuery = (filter: OrdersFilter, page: number) =>
  queryOptions({
    queryKey: orderKeys.everyone({ status: filter.status, search: filter.search, page }),
    queryFn: ({ signal }) => getOrdersPage(filter, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrdersPage(filter: OrdersFilter, page: number) {
  return useQuery(ordersPageQuery(filter, page));
}
