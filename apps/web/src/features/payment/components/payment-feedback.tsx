import { paymentMessages } from '@voltforge/contract/payment';
import type { PaymentAttempt } from '../use-payment-attempt';

/** Under the card form: the card error in red, or the success text and transaction id. */
export function PaymentFeedback({ attempt }: { attempt: PaymentAttempt }) {
  if (attempt.phase === 'succeeded') {
    return (
      <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
        <p className="font-semibold text-success">{paymentMessages.success}</p>
        <p className="mt-1 text-sm">
          Your transaction id:{' '}
          <code className="break-all font-semibold" data-testid="transaction-id">
            {attempt.transactionId}
          </code>
        </p>
        {attempt.recorded ? null : (
          <p className="mt-2 text-sm text-base-content/75">
            Your payment went through; it may take a minute to show as Paid in My Orders.
          </p>
        )}
      </div>
    );
  }
  if (attempt.phase === 'idle' && attempt.error) {
    return (
      <p role="alert" className="font-medium text-error">
        {attempt.error}
      </p>
    );
  }
  return null;
}
