import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAgain } from '@voltforge/contract/project';
import { api } from '../../../lib/api/api-client';
import { cartKeys } from '../../../lib/cart/cart-keys';

/** POST /api/order/:id/again: the order's lines into the cart again, a verdict per line. */
export function orderAgain(orderId: string): Promise<OrderAgain> {
  return api.post(`/order/${encodeURIComponent(orderId)}/again`, {});
}

export function useOrderAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderAgain,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
