import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@voltforge/contract/payment';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET /api/payments/config: which card form to show. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return api.get('/payments/config', { signal });
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // It changes only with a redeploy.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
