import { paymentMessages } from '@voltforge/contract/payment';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { order } from '../../db/schema/order.ts';
import { HttpError } from '../../http-error.ts';
import { ProviderUnavailableError, type PaymentProvider } from './payment-provider.ts';
import { settleIntentBeforeCancel } from './payments.service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/** The configured card provider, or null when this shop takes no card payments. */
export function createActiveProvider(db: Db, config: Config): PaymentProvider | null {
  const { payments } = config;
  if (payments.provider === 'stripe') return createStripeProvider(payments);
  if (payments.provider === 'test') return createTestProvider(db);
  return null;
}

/** A provider outage is a 502 the client may retry (and Stripe will, for a webhook). */
export const providerUnavailable = () =>
  new HttpError(502, 'internal', paymentMessages.providerUnavailable);

/**
 * Wired by app.ts into the orders and users modules' cancel paths (DESIGN 7 rule 1): settle an order's
 * payment intent before the order is cancelled. With no provider there is nothing to ask.
 */
export function paymentCancelGuard(
  db: Db,
  provider: PaymentProvider | null,
): (row: typeof order.$inferSelect) => Promise<void> {
  return async (row) => {
    if (!provider) return;
    try {
      await settleIntentBeforeCancel(db, provider, row);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerUnavailable();
      throw error;
    }
  };
}
