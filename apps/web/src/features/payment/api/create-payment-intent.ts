import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResponse } from '@voltforge/contract/payment';
import { api } from '../../../lib/api/api-client';
import { paymentKeys } from './keys';

/** POST /api/create-payment-intent. */
export function createPaymentIntent(orderId: string): Promise<CreatePaymentIntentResponse> {
  return api.post('/create-payment-intent', { orderId });
}

/**
 * A query rather than a mutation: the server hands out the same intent for the same order, so
 * asking again (a remount, a second tab) is harmless.
 */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQuery(orderId), enabled });
}
