import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentBody } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';

/** POST /api/admin/orders/:id/shipments: some pieces of some lines, with carrier and tracking. */
export function useShipOrder(order: Pick<Order, '_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentBody): Promise<Order> =>
      api.post(`/admin/orders/${encodeURIComponent(order._id)}/shipments`, body),
    // Settled: after a refusal another admin may have shipped meanwhile.
    onSettled: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}
