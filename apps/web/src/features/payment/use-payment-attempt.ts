import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { orderKeys } from '../../lib/api/order-keys';
import { recordPayment } from './api/record-payment';
import { errorMessage } from '../../lib/api/api-client';

export type PaymentAttempt =
  | { phase: 'idle'; error?: string }
  | { phase: 'paying' }
  | { phase: 'succeeded'; transactionId: string; recorded: boolean };

const FALLBACK_ERROR = 'Your card could not be charged. Please try again.';

/**
 * One payment, whichever card form runs it: confirm with the provider (the form's job), then
 * have the server record it. A card error leaves the form ready for another try.
 */
export function usePaymentAttempt(orderId: string, onPaid: (transactionId: string) => void) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<PaymentAttempt>({ phase: 'idle' });

  async function pay(confirm: () => Promise<string>) {
    setAttempt({ phase: 'paying' });
    let transactionId: string;
    try {
      transactionId = await confirm();
    } catch (error) {
      setAttempt({ phase: 'idle', error: errorMessage(error, FALLBACK_ERROR) });
      return;
    }
    onPaid(transactionId);
    // The money has moved; if recording fails here, the provider's confirmation (or Stripe's
    // webhook) records it on the server anyway, so this is worth a note, not an error.
    let recorded = true;
    try {
      queryClient.setQueryData(
        orderKeys.detail(orderId),
        await recordPayment(orderId, transactionId),
      );
    } catch {
      recorded = false;
    }
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    setAttempt({ phase: 'succeeded', transactionId, recorded });
  }

  return { attempt, pay };
}
