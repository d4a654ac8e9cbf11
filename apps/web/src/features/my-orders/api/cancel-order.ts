import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteOrderResult, Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** DELETE /api/order/:id — cancels the order; the server puts its stock back. */
export function cancelOrder(orderId: string): Promise<DeleteOrderResult> {
  return api.delete(`/order/${encodeURIComponent(orderId)}`);
}

export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: (_result, order) => {
      queryClient.setQueryData<Order[]>(orderKeys.mine(email), (orders) =>
        orders?.filter((o) => o._id !== order._id),
      );
    },
    // The order is gone from every list, and its stock went back to the tool.
    onSettled: (_result, _error, order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: toolKeys.detail(order.toolId) }),
        queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
      ]),
  });
}
