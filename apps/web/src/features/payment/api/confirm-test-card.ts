import type { TestCardConfirmBody, TestCardConfirmResponse } from '@voltforge/contract/payment';
import { api } from '../../../lib/api/api-client';

/**
 * POST /api/payments/test/confirm: the test provider's stand-in for Stripe's card confirmation.
 * One step of a payment attempt (see use-payment-attempt.ts), not a mutation of its own: it
 * changes nothing cached until the payment is recorded.
 */
export function confirmTestCard(body: TestCardConfirmBody): Promise<TestCardConfirmResponse> {
  return api.post('/payments/test/confirm', body);
}
