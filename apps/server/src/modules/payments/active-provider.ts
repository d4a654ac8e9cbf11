import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../orders/order-row.ts';
import { callHealth, type CallHealth } from '../../call-health.ts';
import {
  ProviderUnavailableError,
  withProvider,
  type PaymentProvider,
} from './payment-provider.ts';
import { settleIntentBeforeCancel, type PaidSteps } from './payments.service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-card-provider.ts';

/** A provider call under way this long means the provider is not answering (`/api/ready`). */
export const PROVIDER_SLOW_AFTER_MS = 5_000;
/** What `/api/ready` says while the card provider hangs or fails (docs/architecture.md, "Dependencies"). */
export const PROVIDER_DEGRADED_MODE =
  'card payments and refunds wait: orders stay unpaid and can be paid later';

export interface ActiveProvider {
  provider: PaymentProvider;
  /** How the provider has been answering the shop's calls, for `/api/ready`. */
  health: Pick<CallHealth, 'probe'>;
}

/**
 * The configured card provider, or null when this shop takes no card payments. Every call the
 * services make through it is watched: the provider is only called when a customer pays or an
 * admin refunds, so its health is judged from those calls rather than by probing it.
 */
export function createActiveProvider(db: Db, config: Config): ActiveProvider | null {
  const { payments } = config;
  const provider =
    payments.provider === 'stripe'
      ? createStripeProvider(payments)
      : payments.provider === 'test'
        ? createTestProvider(db)
        : null;
  if (!provider) return null;
  const health = callHealth({
    mode: PROVIDER_DEGRADED_MODE,
    slowAfterMs: PROVIDER_SLOW_AFTER_MS,
    isOutage: (error) => error instanceof ProviderUnavailableError,
  });
  const watched: PaymentProvider = {
    name: provider.name,
    publishableKey: provider.publishableKey,
    createIntent: (input) => health.track(() => provider.createIntent(input)),
    retrieveIntent: (id) => health.track(() => provider.retrieveIntent(id)),
    cancelIntent: (id) => health.track(() => provider.cancelIntent(id)),
    refund: (input) => health.track(() => provider.refund(input)),
    // Checking a signature is local work: nothing to watch.
    ...(provider.verifyWebhook ? { verifyWebhook: provider.verifyWebhook.bind(provider) } : {}),
  };
  return { provider: watched, health };
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
