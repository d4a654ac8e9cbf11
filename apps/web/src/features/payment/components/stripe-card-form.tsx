import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { PaymentAttempt } from '../use-payment-attempt';
import { PayButton } from './pay-button';

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string | undefined;
  customer: { name: string; email: string };
  attempt: PaymentAttempt;
  pay: (confirm: () => Promise<string>) => Promise<void>;
}

const LOAD_FAILED = 'The card form could not load. Check your connection and reload the page.';

/** One Stripe.js per key for the page's lifetime, as Stripe recommends. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let pending = stripeByKey.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, pending);
  }
  return pending;
}

const cardStyle = {
  style: {
    base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#6b7280' } },
    invalid: { color: '#b91c1c' },
  },
};

function StripeCardFields({
  clientSecret,
  customer,
  attempt,
  pay,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const done = attempt.phase === 'succeeded';
  const paying = attempt.phase === 'paying';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    void pay(async () => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: customer },
      });
      if (error) throw new Error(error.message ?? 'Your card could not be charged.');
      if (paymentIntent.status !== 'succeeded') {
        throw new Error('Your payment was not completed. Please try again.');
      }
      return paymentIntent.id;
    });
  }

  return (
    <form noValidate aria-label="Card details" onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="rounded-field border border-base-300 bg-base-100 px-3 py-3">
        <CardElement
          options={{ ...cardStyle, disabled: done || paying }}
          onReady={() => setCardReady(true)}
        />
      </div>
      <div>
        <PayButton
          disabled={!stripe || !elements || !cardReady || !clientSecret || paying || done}
          paying={paying}
        />
      </div>
    </form>
  );
}

/** Stripe Elements' card element. Lazily loaded: only shops running on Stripe download it. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [stripePromise] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void stripePromise.then((stripe) => {
      if (current && !stripe) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripePromise]);

  if (failed) {
    return (
      <p role="alert" className="font-medium text-error">
        {LOAD_FAILED}
      </p>
    );
  }
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
