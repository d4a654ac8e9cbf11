import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_ADMIN_PAGE_SIZE,
  deletedCountSchema,
  modifiedCountSchema,
  userListSchema,
  type AdminOrderStatus,
  type DeletedCount,
  type ModifiedCount,
  type RestockInput,
  type ToolInput,
  type ToolPatch,
} from '@voltforge/contract/admin';
import {
  orderListSchema,
  orderSchema,
  type Order,
  type OrderStatus,
} from '@voltforge/contract/order';
import { MAX_PAGE_SIZE, toolListSchema, toolSchema, type Tool } from '@voltforge/contract/tool';
import type { UserSummary } from '@voltforge/contract/user';
import { api } from '../../../lib/api-client';
import { fetchPage, type Page } from '../../../lib/paged-fetch';

// manage-tools-page.tsx names the page type from here.

const enc = encodeURIComponent;

/** Every admin query key starts here, so one invalidation refreshes the back office. */
const ADMIN = 'admin';

export const USERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;
export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: [ADMIN, 'users', page],
    queryFn: ({ signal }): Promise<Page<UserSummary>> =>
      fetchPage(`/user?page=${page}&pageSize=${USERS_PAGE_SIZE}`, {
        schema: userListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const makeAdmin = (email: string): Promise<ModifiedCount> =>
  api.put(`/user/admin/${enc(email)}`, undefined, { schema: modifiedCountSchema });

export const removeUser = (email: string): Promise<DeletedCount> =>
  api.delete(`/user/${enc(email)}`, { schema: deletedCountSchema });

export const TOOLS_PAGE_SIZE = MAX_PAGE_SIZE;
export const adminToolsQueryKey = (page: number, search: string) =>
  [ADMIN, 'tools', page, search] as const;
export const adminToolsQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: adminToolsQueryKey(page, search),
    queryFn: ({ signal }): Promise<Page<Tool>> => {
      const params = new URLSearchParams({
        page: String(page),
        pageSize: String(TOOLS_PAGE_SIZE),
        sort: 'name',
      });
      if (search) params.set('search', search);
      return fetchPage(`/tool?${params.toString()}`, { schema: toolListSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: [ADMIN, 'tool', id],
    queryFn: ({ signal }): Promise<Tool> =>
      api.get(`/tool/${enc(id)}`, { schema: toolSchema, signal }),
    staleTime: 0,
  });

export const createTool = (body: ToolInput): Promise<Tool> =>
  api.post('/tool', body, { schema: toolSchema });

export const updateTool = (id: string, patch: ToolPatch): Promise<Tool> =>
  api.patch(`/tool/${enc(id)}`, patch, { schema: toolSchema });

export const restockTool = (id: string, body: RestockInput): Promise<Tool> =>
  api.post(`/tool/${enc(id)}/restock`, body, { schema: toolSchema });

export const archiveTool = (id: string): Promise<DeletedCount> =>
  api.delete(`/tool/${enc(id)}`, { schema: deletedCountSchema });

export const ORDERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;
export const adminOrdersQuery = (status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [ADMIN, 'orders', status ?? 'all', page],
    queryFn: ({ signal }): Promise<Page<Order>> => {
      const params = new URLSearchParams({
        page: String(page),
        pageSize: String(ORDERS_PAGE_SIZE),
      });
      if (status) params.set('status', status);
      return fetchPage(`/orders?${params.toString()}`, { schema: orderListSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [ADMIN, 'order', id],
    queryFn: ({ signal }): Promise<Order> =>
      api.get(`/order/${enc(id)}`, { schema: orderSchema, signal }),
    staleTime: 0,
  });

export const setOrderStatus = (id: string, status: AdminOrderStatus): Promise<Order> =>
  api.patch(`/order/${enc(id)}/status`, { status }, { schema: orderSchema });
