import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useHydrated } from '../../../lib/first-paint/hydration';
import { usePaymentConfig } from '../../../lib/api/get-payment-config';
import { usePaymentAttempt } from '../use-payment-attempt';
import { PaymentFeedback } from './payment-feedback';
import { TestCardForm } from './test-card-form';

// Stripe.js and its React bindings load only when the shop runs on Stripe.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

interface PaymentPanelProps {
  order: Order;
  onPaid: (transactionId: string) => void;
}

/** The card form for the active provider, the Pay button and what happened. */
export function PaymentPanel({ order, onPaid }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  // Only once the provider is known: a shop without card payments has no intent to ask for (the
  // server would answer 503).
  const cardPayments = config.data !== undefined && config.data.provider !== 'none';
  // Asked for once the page is hydrated: the server renders the page without it.
  const hydrated = useHydrated();
  const intent = usePaymentIntent(order._id, cardPayments && hydrated);
  const { attempt, pay } = usePaymentAttempt(order._id, onPaid);
  const clientSecret = intent.data?.clientSecret;

  // 409: the order was paid or cancelled meanwhile (another tab, the webhook); show it as it is.
  const conflict = intent.error instanceof ApiError && intent.error.status === 409;
  useEffect(() => {
    if (conflict) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) });
  }, [conflict, queryClient, order._id]);

  // Paid here: the confirmation alone, no card form or test cards above it.
  if (attempt.phase === 'succeeded') return <PaymentFeedback attempt={attempt} order={order} />;

  let form;
  if (config.isPending) {
    form = <Spinner label="Loading the card form" />;
  } else if (config.isError) {
    form = (
      <p role="alert" className="font-medium text-error">
        {config.error.message}
      </p>
    );
  } else if (config.data.provider === 'none') {
    form = (
      <p role="alert" className="font-medium text-error">
        {paymentMessages.notConfigured}
      </p>
    );
  } else if (config.data.provider === 'stripe') {
    form = config.data.publishableKey ? (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          clientSecret={clientSecret}
          customer={{ name: order.name, email: order.email }}
          attempt={attempt}
          pay={pay}
        />
      </Suspense>
    ) : (
      <p role="alert" className="font-medium text-error">
        {paymentMessages.stripeNotReady}
      </p>
    );
  } else {
    form = <TestCardForm clientSecret={clientSecret} attempt={attempt} pay={pay} />;
  }

  return (
    <div className="flex flex-col gap-4">
      {form}
      {intent.isError && !conflict ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="font-medium text-error">{intent.error.message}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => void intent.refetch()}
          >
            Try again
          </button>
        </div>
      ) : null}
      <PaymentFeedback attempt={attempt} order={order} />
    </div>
  );
}
