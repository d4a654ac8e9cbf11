import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput } from '@voltforge/contract/checkout';
import type { Approval } from '@voltforge/contract/approval';
import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { cartKeys } from '../../../lib/cart/cart-keys';
import { orderKeys } from '../../../lib/api/order-keys';
import { toolKeys } from '../../../lib/api/catalogue-keys';
import { companyKeys } from '../../../lib/api/get-company';

/**
 * POST /api/checkout: the server cart becomes one order (the body says only where and how much),
 * or, over a company buyer's limit, a request for approval.
 */
export function checkout(body: CheckoutInput): Promise<Order | Approval> {
  return api.post('/checkout', body);
}

/** The answer was an order (not a request for approval). */
export const isOrder = (answer: Order | Approval): answer is Order => '_id' in answer;

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // The checked-out lines left the cart, their tools' stock was reserved and an order was
    // made; after a refusal the cart is read again, its lines saying what changed.
    onSettled: (answer) => {
      const order = answer && isOrder(answer) ? answer : undefined;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
        ...(order
          ? [
              queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
              queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
              // On account: the company's available credit changed. Marked stale, read again where
              // it is next shown: refetched now, it would hold the checkout up while the emptied
              // cart unmounts the form, whose navigation to the order would then never run.
              queryClient.invalidateQueries({ queryKey: companyKeys.all, refetchType: 'none' }),
              ...order.lines.map((line) =>
                queryClient.invalidateQueries({ queryKey: toolKeys.detail(line.toolId) }),
              ),
            ]
          : []),
      ]);
    },
  });
}
