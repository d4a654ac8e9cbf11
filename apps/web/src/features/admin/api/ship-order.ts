import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentBody } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';

/** The order and the lists that show it, read again once a shipment changed. */
function useRefreshOrder(order: Pick<Order, '_id'>) {
  const queryClient = useQueryClient();
  // Settled: after a refusal another admin may have shipped or cancelled meanwhile.
  return () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
    ]);
}

/** POST /api/admin/orders/:id/shipments: some pieces of some lines, with carrier and tracking. */
export function useShipOrder(order: Pick<Order, '_id'>) {
  const onSettled = useRefreshOrder(order);
  return useMutation({
    mutationFn: (body: ShipmentBody): Promise<Order> =>
      api.post(`/admin/orders/${encodeURIComponent(order._id)}/shipments`, body),
    onSettled,
  });
}

/** POST /api/admin/orders/:id/shipments/:number/cancel: a shipment that did not leave. */
export function useCancelShipment(order: Pick<Order, '_id'>) {
  const onSettled = useRefreshOrder(order);
  return useMutation({
    mutationFn: (number: number): Promise<Order> =>
      api.post(`/admin/orders/${encodeURIComponent(order._id)}/shipments/${number}/cancel`, {}),
    onSettled,
  });
}
