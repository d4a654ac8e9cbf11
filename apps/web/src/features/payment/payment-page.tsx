import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { PageHeading } from '../../components/ui/page-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { orderQuery as orderRead, useOrder } from '../../lib/api/get-order';
import { paymentConfigQuery } from '../../lib/api/get-payment-config';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { OrderSummaryCard } from './components/order-summary-card';
import { PaidNotice } from './components/paid-notice';
import { PaymentPanel } from './components/payment-panel';

/** The order (the API answers it to its owner and to admins only) and how payments are taken. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ params }) => [orderRead(params.id ?? ''), paymentConfigQuery()])
  : undefined;

/** /dashboard/payment/:id: pay one of your orders by card. */
export function PaymentPage() {
  const { id = '' } = useParams();
  const orderQuery = useOrder(id);
  // The order's number is the id a person uses (VF-10001); its uuid until the order is read.
  const named = orderQuery.data?.number ?? id;
  usePageMeta(`Pay for ${named}`, 'Pay for your Voltforge order by card.');
  // Set when this page took the payment: the form stays, showing the success, after the
  // refreshed order comes back paid.
  const [paidHere, setPaidHere] = useState<string | null>(null);
  const order = orderQuery.data;

  let body;
  if (orderQuery.isPending) {
    body = <Spinner block label="Loading your order" />;
  } else if (orderQuery.isError || !order) {
    body = (
      <div role="alert" className="flex flex-col gap-3">
        <p className="font-medium text-error">
          {orderQuery.error?.message ?? 'We could not load this order.'}
        </p>
        <Link to={paths.myOrder} className="btn btn-outline self-start">
          Back to My Orders
        </Link>
      </div>
    );
  } else {
    const showForm = paidHere !== null || order.status === 'pending_payment';
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <OrderSummaryCard order={order} />
        <section
          aria-labelledby="payment-card-title"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-4">
            <h2 id="payment-card-title" className="card-title text-xl">
              {order.paymentMethod === 'account' ? 'Payment on account' : 'Card payment'}
            </h2>
            {showForm ? (
              <PaymentPanel order={order} onPaid={setPaidHere} />
            ) : (
              <PaidNotice order={order} />
            )}
          </div>
        </section>
      </div>
    );
  }

  return (
    <section className="max-w-5xl">
      {/* The lead keeps its line while the order loads, so nothing under it moves. */}
      <PageHeading
        lead={
          order ? (
            <>
              Order number{' '}
              <strong className="font-mono text-base-content" data-testid="order-number">
                {order.number}
              </strong>
            </>
          ) : (
            '\u00a0'
          )
        }
      >
        Pay for <span className="break-all">{named}</span>
      </PageHeading>
      {body}
    </section>
  );
}
