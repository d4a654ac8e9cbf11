import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput, Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** POST /api/order. Only toolId, quantity, phone and address: the server decides the rest. */
export function placeOrder(body: CreateOrderInput): Promise<Order> {
  return api.post('/order', body);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The tool's stock and the order lists changed (or, after a 409, turned out to differ).
    onSettled: (_order, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.detail(body.toolId) }),
        queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}
