import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteOrderResultSchema,
  orderListSchema,
  type DeleteOrderResult,
  type Order,
} from '@voltforge/contract/order';
import { api } from '../../../lib/api-client';

export const myOrdersQueryKey = (email: string) => ['orders', 'mine', email] as const;

/** GET /api/order?email= — the signed-in customer's orders, newest first. */
export function useMyOrders(email: string) {
  return useQuery({
    queryKey: myOrdersQueryKey(email),
    queryFn: ({ signal }): Promise<Order[]> =>
      api.get(`/order?email=${encodeURIComponent(email)}`, { schema: orderListSchema, signal }),
    enabled: email !== '',
  });
}

/** DELETE /api/order/:id — cancels the order; the server puts its stock back. */
export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<DeleteOrderResult> =>
      api.delete(`/order/${encodeURIComponent(orderId)}`, { schema: deleteOrderResultSchema }),
    onSuccess: (_result, orderId) => {
      queryClient.setQueryData<Order[]>(myOrdersQueryKey(email), (orders) =>
        orders?.filter((o) => o._id !== orderId),
      );
    },
    // Stock went back to the tool: whatever any page cached about tools is stale now.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
