import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type CreateOrderInput, type Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api-client';

/** POST /api/order. Only toolId, quantity, phone and address: the server decides the rest. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderInput): Promise<Order> =>
      api.post('/order', body, { schema: orderSchema }),
    // Stock and order lists changed (or, after a 409, turned out to differ): everything cached
    // about tools and orders is stale now, whichever feature cached it.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
