import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order } from '@voltforge/contract/order';
import type { RefundRequestInput } from '@voltforge/contract/refund';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { orderTimelineKeys } from '../../../lib/api/order-timeline-keys';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/order/:id/refunds (admin): 201 with the order and its refunds as they are now. */
export function refundOrder(orderId: string, body: RefundRequestInput): Promise<Order> {
  return api.post(`/order/${encodeURIComponent(orderId)}/refunds`, body);
}

/** POST /api/order/:id/refunds/:refundId/retry (admin): asks the provider again about a pending one. */
export function retryRefund(orderId: string, refundId: string): Promise<Order> {
  return api.post(
    `/order/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
    undefined,
  );
}

/**
 * After a refund, whatever its outcome (a refused or unanswered one is recorded too): the order
 * as the server answered, or read again; the order lists (their refund state); the order's
 * history; and the tools whose pieces may have gone back in stock.
 */
function refresh(queryClient: QueryClient, order: Order, updated: Order | undefined) {
  if (updated) queryClient.setQueryData(orderKeys.detail(order._id), updated);
  const restocked = updated?.refunds.some((r) => r.restock && r.status === 'succeeded') ?? false;
  void Promise.all([
    updated ? null : queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [...orderTimelineKeys.all, order._id] }),
    ...(restocked
      ? [
          queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
          ...order.lines.map((l) =>
            queryClient.invalidateQueries({ queryKey: toolKeys.detail(l.toolId) }),
          ),
        ]
      : []),
  ]);
}

export function useRefundOrder(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequestInput) => refundOrder(order._id, body),
    onSettled: (updated) => refresh(queryClient, order, updated),
  });
}

export function useRetryRefund(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => retryRefund(order._id, refundId),
    onSettled: (updated) => refresh(queryClient, order, updated),
  });
}
