import { Suspense, lazy } from 'react';
import { Spinner } from '../components/ui/spinner';
import { authClient } from '../lib/auth/auth-client';
import { pageLoader } from '../lib/first-paint/page-loader';
import { paymentConfigQuery } from '../lib/api/get-payment-config';
import { overviewQuery, DEFAULT_OVERVIEW_DAYS } from '../features/admin-overview/api/get-overview';
import { myOrdersQuery } from '../features/my-orders/api/get-my-orders';
import { VerifyEmailNotice } from './verify-email-notice';

// Each in its own chunk: customers never download the overview and its chart.
const OverviewPage = lazy(() =>
  import('../features/admin-overview/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const MyOrdersPage = lazy(() =>
  import('../features/my-orders/my-orders-page').then((m) => ({ default: m.MyOrdersPage })),
);

/** An admin's overview, or a customer's orders. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ user }) =>
      !user
        ? []
        : user.role === 'admin'
          ? [overviewQuery(DEFAULT_OVERVIEW_DAYS)]
          : [myOrdersQuery(user.email), paymentConfigQuery()],
    )
  : undefined;

/**
 * /dashboard: the overview for admins, the customer's own orders for everyone else. The role
 * only picks the page; the overview's figures come from an admin-only endpoint.
 */
export function DashboardHome() {
  const { data: session, isPending } = authClient.useSession();
  return (
    <Suspense fallback={<Spinner block label="Loading the dashboard" />}>
      <VerifyEmailNotice />
      {isPending ? (
        <Spinner block label="Loading the dashboard" />
      ) : session?.user.role === 'admin' ? (
        <OverviewPage />
      ) : (
        <MyOrdersPage />
      )}
    </Suspense>
  );
}
