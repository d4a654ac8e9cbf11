/**
 * Query keys only the payment page reads. The order itself uses the shared order keys, the
 * payment config the key in lib/api/get-payment-config.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  intent: (orderId: string) => [...paymentKeys.all, 'intent', orderId] as const,
};
