import { useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@voltforge/contract/order';
import {
  createPaymentIntentResponseSchema,
  paymentConfigSchema,
  testCardConfirmResponseSchema,
  type CreatePaymentIntentResponse,
  type PaymentConfig,
  type TestCardConfirmBody,
  type TestCardConfirmResponse,
} from '@voltforge/contract/payment';
import { api } from '../../../lib/api-client';

/** Starts with "orders", so whatever invalidates the order lists refreshes this one too. */
export const paymentOrderQueryKey = (orderId: string) => ['orders', 'payment', orderId] as const;

/** GET /api/order/:id: the order being paid. */
export function usePaymentOrder(orderId: string) {
  return useQuery({
    queryKey: paymentOrderQueryKey(orderId),
    queryFn: ({ signal }): Promise<Order> =>
      api.get(`/order/${encodeURIComponent(orderId)}`, { schema: orderSchema, signal }),
  });
}

/** GET /api/payments/config: which card form to show. It changes only with a redeploy. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }): Promise<PaymentConfig> =>
      api.get('/payments/config', { schema: paymentConfigSchema, signal }),
    staleTime: Infinity,
  });
}

/**
 * POST /api/create-payment-intent. A query rather than a mutation: the server hands out the same
 * intent for the same order, so asking again (a remount, a second tab) is harmless.
 */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'intent', orderId],
    queryFn: (): Promise<CreatePaymentIntentResponse> =>
      api.post(
        '/create-payment-intent',
        { orderId },
        { schema: createPaymentIntentResponseSchema },
      ),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/payments/test/confirm: the test provider's stand-in for Stripe's card confirmation. */
export function confirmTestCard(body: TestCardConfirmBody): Promise<TestCardConfirmResponse> {
  return api.post('/payments/test/confirm', body, { schema: testCardConfirmResponseSchema });
}

/** PATCH /api/order/:id: the server asks the provider before it records the payment. */
export function recordPayment(orderId: string, transactionId: string): Promise<Order> {
  return api.patch(
    `/order/${encodeURIComponent(orderId)}`,
    { transactionId },
    { schema: orderSchema },
  );
}
