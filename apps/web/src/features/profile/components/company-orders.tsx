import { formatUsd } from '@voltforge/contract/money';
import type { CompanyOrder } from '@voltforge/contract/order';
import { useQuery } from '@tanstack/react-query';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api/api-client';
import { orderKeys } from '../../../lib/api/order-keys';

const COMPANY_ORDERS_PATH = '/company/orders';

/**
 * The orders placed for the company (admins and approvers: everyone's; buyers: their own),
 * newest first, each with who placed it and its PO number.
 */
export function CompanyOrders({ everyone }: { everyone: boolean }) {
  const orders = useQuery({
    queryKey: orderKeys.company(),
    queryFn: ({ signal }) => api.get<CompanyOrder[]>(COMPANY_ORDERS_PATH, { signal }),
    meta: { read: COMPANY_ORDERS_PATH },
  });
  if (orders.error) {
    return <QueryError message={orders.error.message} onRetry={() => void orders.refetch()} />;
  }
  if (!orders.data) return <Spinner label="Loading the company's orders" />;
  if (orders.data.length === 0) {
    return <p className="text-sm text-base-content/75">No orders for the company yet.</p>;
  }
  return (
    <ul
      aria-label={everyone ? "The company's orders" : 'Your orders for the company'}
      className="divide-y divide-base-300 text-sm"
    >
      {orders.data.map((order) => (
        <li key={order._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span className="font-mono font-semibold">{order.number}</span>
          <span className="min-w-0 grow">
            {order.name}
            {order.approvedBy ? (
              <span className="text-base-content/80"> · approved by {order.approvedBy}</span>
            ) : null}
            {order.poNumber ? (
              <span className="text-base-content/80">
                {' '}
                · PO <span className="font-mono">{order.poNumber}</span>
              </span>
            ) : null}
          </span>
          <span className="tabular-nums">{formatUsd(order.total)}</span>
          <OrderStatusBadge status={order.status} />
        </li>
      ))}
    </ul>
  );
}
