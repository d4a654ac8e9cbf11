/** Query keys only the payment page reads. The order itself uses the shared order keys. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  intent: (orderId: string) => [...paymentKeys.all, 'intent', orderId] as const,
};
