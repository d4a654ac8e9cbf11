import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import { useEffect, useState } from 'react';
import type { OrderAgain } from '@voltforge/contract/project';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/page/toast';
import { paths } from '../../lib/paths';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ApiError } from '../../lib/api/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { useCancelOrder } from './api/cancel-order';
import { useOrderAgain } from './api/order-again';
import { useSaveOrderAsProject } from './api/save-order-as-project';
import { AgainVerdicts } from './components/again-verdicts';
import { myOrdersQuery, useMyOrders } from './api/get-my-orders';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { OrdersTable } from './components/orders-table';
import { OrderHoldPolicy } from '../../components/order/order-hold';
import { paymentConfigQuery, usePaymentConfig } from '../../lib/api/get-payment-config';
import { hasSeveralLines } from '../../components/order/order-lines';

const isAuthFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** "6 pcs." for an order of one tool, "3 lines" for one from a cart. */
const sizeOf = (order: Order) =>
  hasSeveralLines(order) ? `${order.lines.length} lines` : `${order.quantity} pcs.`;

/** The reader's orders, and how long an unpaid one is held. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ user }) => (user ? [myOrdersQuery(user.email), paymentConfigQuery()] : []))
  : undefined;

/** The dashboard index and /dashboard/myOrder: "My Orders". */
export function MyOrdersPage() {
  usePageMeta('My Orders', 'Your Voltforge orders and their payment status.');
  const { data: session } = authClient.useSession();
  const email = session?.user.email ?? '';
  const orders = useMyOrders(email);
  // Read with the orders, not once an unpaid one shows: its pay-by line then comes with the table
  // instead of moving it a moment later. Only its first answer is waited for: if that fails, the
  // table shows without the line.
  const hold = usePaymentConfig();
  const holdComing = hold.isLoading && hold.failureCount === 0;
  const hasUnpaid = orders.data?.some((o) => o.status === 'pending_payment') ?? false;
  const cancel = useCancelOrder(email);
  const signOut = useSignOut();
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const again = useOrderAgain();
  const saveAsProject = useSaveOrderAsProject();
  const navigate = useNavigate();
  const [againResult, setAgainResult] = useState<{ order: Order; result: OrderAgain } | null>(null);

  const orderAgain = (order: Order) =>
    again.mutate(order._id, {
      onSuccess: (result) => setAgainResult({ order, result }),
      onError: (error) => toast.error(error.message),
    });
  const saveProject = (order: Order) =>
    saveAsProject.mutate(order._id, {
      onSuccess: (project) => {
        toast.success(`Saved as the project “${project.name}”.`);
        void navigate(paths.project(project.id));
      },
      onError: (error) => toast.error(error.message),
    });

  // A 401 or 403 here means the session is gone or not this user's: sign out and go home.
  const authFailed = isAuthFailure(orders.error);
  useEffect(() => {
    if (authFailed) void signOut();
  }, [authFailed, signOut]);

  const confirmDelete = () => {
    if (!toDelete) return;
    cancel.mutate(toDelete, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(orderMessages.deleted);
        else toast.info('This order was already cancelled.');
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  };

  let body;
  if (orders.isPending || authFailed || (hasUnpaid && holdComing)) {
    body = <Spinner block label="Loading your orders" />;
  } else if (orders.isError) {
    body = <QueryError message={orders.error.message} onRetry={() => void orders.refetch()} />;
  } else if (orders.data.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
        <p>You have no orders yet.</p>
        <Link to={paths.tools} className="btn btn-primary btn-sm">
          Browse tools
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {hasUnpaid ? <OrderHoldPolicy className="mb-3" /> : null}
        <OrdersTable
          orders={orders.data}
          onDelete={setToDelete}
          onAgain={orderAgain}
          onSaveAsProject={saveProject}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading" className="mb-4 text-2xl font-bold">
        My Orders{orders.data ? ` (${orders.data.length})` : ''}
      </h2>
      <div role="status" className="empty:hidden">
        {againResult ? <AgainVerdicts {...againResult} /> : null}
      </div>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        message={orderMessages.confirmDelete}
        detail={
          toDelete ? (
            <>
              {toDelete.order}: {sizeOf(toDelete)}, {formatUsd(toDelete.total)}. The order is
              cancelled and its stock goes back to the shop.
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={cancel.isPending}
        onConfirm={confirmDelete}
        onCancel={() => {
          if (!cancel.isPending) setToDelete(null);
        }}
      />
    </section>
  );
}
