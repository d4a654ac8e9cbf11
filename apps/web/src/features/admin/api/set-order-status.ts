import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderStatus } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { toolKeys } from '../../../lib/api/catalogue-keys';

/** How an order left: both optional, sent only with `shipped`. */
export interface Shipment {
  carrier?: string;
  trackingNumber?: string;
}

/** PATCH /api/order/:id/status: ship (with the carrier and tracking number), deliver or cancel. */
export function setOrderStatus(
  id: string,
  status: AdminOrderStatus,
  shipment: Shipment = {},
): Promise<Order> {
  const { carrier, trackingNumber } = shipment;
  return api.patch(`/order/${encodeURIComponent(id)}/status`, {
    status,
    ...(status === 'shipped' && carrier?.trim() ? { carrier: carrier.trim() } : {}),
    ...(status === 'shipped' && trackingNumber?.trim()
      ? { trackingNumber: trackingNumber.trim() }
      : {}),
  });
}

export function useSetOrderStatus(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, shipment }: { to: AdminOrderStatus; shipment?: Shipment }) =>
      setOrderStatus(order._id, to, shipment),
    // Settled, not succeeded: after a refusal another admin may have moved the order meanwhile.
    onSettled: (_updated, _error, { to }) =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        // A cancelled order's stock goes back to its tool.
        ...(to === 'cancelled'
          ? [
              queryClient.invalidateQueries({ queryKey: toolKeys.detail(order.toolId) }),
              queryClient.invalidateQueries({ queryKey: toolKeys.lists() }),
            ]
          : []),
      ]),
  });
}
