import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../orders/order-row.ts';
import { withProvider, type PaymentProvider } from './payment-provider.ts';
import { settleIntentBeforeCancel, type PaidSteps } from './payments.service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-card-provider.ts';

/** The configured card provider, or null when this shop takes no card payments. */
export function createActiveProvider(db: Db, config: Config): PaymentProvider | null {
  const { payments } = config;
  if (payments.provider === 'stripe') return createStripeProvider(payments);
  if (payments.provider === 'test') return createTestProvider(db);
  return null;
}

/**
 * Wired by app.ts into the orders and users modules' cancel paths, so they need not import this
 * module: settle an order's payment intent before the order is cancelled. With no provider there
 * is nothing to ask.
 */
export function paymentCancelGuard(
  db: Db,
  provider: PaymentProvider | null,
  steps: PaidSteps,
): (row: OrderRow) => Promise<void> {
  return async (row) => {
    if (!provider) return;
    await withProvider(() => settleIntentBeforeCancel(db, row, provider, steps));
  };
}
