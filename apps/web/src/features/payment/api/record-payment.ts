import type { Order } from '@voltforge/contract/order';
import { api } from '../../../lib/api/api-client';

/**
 * PATCH /api/order/:id: the server asks the provider before it records the payment. Called by
 * usePaymentAttempt, which updates the cached order with the answer.
 */
export function recordPayment(orderId: string, transactionId: string): Promise<Order> {
  return api.patch(`/order/${encodeURIComponent(orderId)}`, { transactionId });
}
