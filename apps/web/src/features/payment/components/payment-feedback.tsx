import type { Order } from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import { Link } from 'react-router';
import { chargesOfOrder, OrderCharges } from '../../../components/order/order-charges';
import { InvoiceLink } from '../../../components/order/invoice-link';
import { paths } from '../../../lib/paths';
import type { PaymentAttempt } from '../use-payment-attempt';

/**
 * After a payment: the spec's success text and transaction id, then the order number, what was
 * charged, what happens next and the invoice (issued once the payment is recorded).
 */
function PaymentConfirmation({
  attempt,
  order,
}: {
  attempt: Extract<PaymentAttempt, { phase: 'succeeded' }>;
  order: Order;
}) {
  return (
    <div className="rounded-box border border-success/40 bg-success/10 p-4">
      <div role="status">
        <p className="font-semibold text-success">{paymentMessages.success}</p>
        <p className="mt-1 text-sm">
          Your transaction id:{' '}
          <code className="break-all font-semibold" data-testid="transaction-id">
            {attempt.transactionId}
          </code>
        </p>
      </div>
      <section
        aria-labelledby="payment-confirmation-title"
        className="mt-3 flex flex-col gap-2 border-t border-success/30 pt-3"
        data-testid="payment-confirmation"
      >
        <h3 id="payment-confirmation-title" className="font-semibold">
          Order <span className="font-mono">{order.number}</span>: what you were charged
        </h3>
        <OrderCharges charges={chargesOfOrder(order)} testId="charged" />
        <p className="text-sm">
          What happens next: we pack your order and mail you when it ships. My Orders shows where it
          is, and keeps the invoice.
        </p>
        {attempt.recorded ? null : (
          <p className="text-sm text-base-content/75">
            Your payment went through; it may take a minute to show as Paid in My Orders, with its
            invoice.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <InvoiceLink order={order} className="btn btn-sm btn-primary" />
          <Link to={paths.myOrder} className="btn btn-sm btn-outline">
            Go to My Orders
          </Link>
        </div>
      </section>
    </div>
  );
}

/** Under the card form: the card error in red, or the confirmation of the payment. */
export function PaymentFeedback({ attempt, order }: { attempt: PaymentAttempt; order: Order }) {
  if (attempt.phase === 'succeeded') {
    return <PaymentConfirmation attempt={attempt} order={order} />;
  }
  if (attempt.phase === 'idle' && attempt.error) {
    return (
      <p role="alert" className="font-medium text-error">
        {attempt.error} {paymentMessages.notCharged}
      </p>
    );
  }
  return null;
}
