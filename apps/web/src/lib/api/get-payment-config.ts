import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@voltforge/contract/payment';
import { api } from './api-client';

/** Shared by the payment page (which card form) and the order lists (how long unpaid orders are held). */
export const paymentConfigKey = ['payments', 'config'] as const;

const PAYMENT_CONFIG_PATH = '/payments/config';

/** GET /api/payments/config: the card provider and the unpaid-order hold. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return api.get(PAYMENT_CONFIG_PATH, { signal });
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: paymentConfigKey,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    meta: { read: PAYMENT_CONFIG_PATH },
    // It changes only with a redeploy.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
