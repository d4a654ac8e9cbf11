import { SearchForm } from '../../components/ui/search-form';
import { formatUsd } from '@voltforge/contract/money';
import {
  orderStatusLabels,
  orderStatuses,
  type OrderStatus,
} from '@voltforge/contract/order-rules';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ORDER_EXPORT_PATH } from '@voltforge/contract/order-export';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { MAX_SEARCH_LENGTH } from '@voltforge/contract/catalog';
import { ORDERS_PAGE_SIZE, ordersFilterParams, useOrdersPage } from './api/get-orders-page';
import { AdminTable } from './components/admin-table';
import { OrderActions } from './components/order-actions';
import { DocumentsExport } from './components/documents-export';
import { OrderStatusBadge } from '../../components/order/order-status-badge';
import { hasSeveralLines, OrderLines } from '../../components/order/order-lines';
import { shippingText } from '../../components/order/order-charges';
import { InvoiceLink } from '../../components/order/invoice-link';
import { RefundState } from '../../components/order/refund-state';
import { chargeTexts } from '@voltforge/contract/charges';
import { QueryError } from '../../components/ui/query-error';
import { useDateFormat } from '../../lib/first-paint/local-time';

const isStatus = (value: string | null): value is OrderStatus =>
  (orderStatuses as readonly string[]).includes(value ?? '');

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Manage All Orders: every order with its real status and the actions it allows. */
export function ManageOrdersPage() {
  usePageMeta('Manage All Orders', 'Voltforge administration: every order.');
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const search = (searchParams.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH) || undefined;
  const page = pageOf(searchParams.get('page'));
  const orders = useOrdersPage({ status, search }, page);
  const placedOn = useDateFormat({ dateStyle: 'medium' });
  const filterQuery = ordersFilterParams({ status, search }).toString();

  const update = (next: { status?: OrderStatus; search?: string; page?: number }) => {
    const params = ordersFilterParams(next);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  return (
    <>
      <AdminHeading>Manage All Orders{orders.data ? ` (${orders.data.total})` : ''}</AdminHeading>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchForm
          label="Search by order number, part number, tool, customer, company or PO number"
          value={search}
          onSearch={(typed) => update({ status, search: typed })}
          placeholder="e.g. VF-10001 or VF-DM200"
          className="flex w-full flex-col gap-1 sm:w-auto"
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select
            className="select select-sm w-52"
            value={status ?? ''}
            onChange={(event) =>
              update({
                status: isStatus(event.target.value) ? event.target.value : undefined,
                search,
              })
            }
          >
            <option value="">All orders</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </select>
        </label>
        {orders.isFetching && !orders.isPending ? <Spinner label="Refreshing orders" /> : null}
        <a
          href={`${ORDER_EXPORT_PATH}${filterQuery ? `?${filterQuery}` : ''}`}
          className="btn btn-outline btn-sm ml-auto"
          download
        >
          Export CSV
          <span className="sr-only">
            {status
              ? ` of the ${orderStatusLabels[status].toLowerCase()} orders`
              : ' of every order'}
            {search ? ` matching “${search}”` : ''}
          </span>
        </a>
      </div>
      <DocumentsExport />
      {orders.isPending ? (
        <Spinner block label="Loading orders" />
      ) : orders.isError ? (
        <QueryError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <p className="text-base-content/75">
          {search
            ? `No ${status ? `${orderStatusLabels[status].toLowerCase()} ` : ''}order matches “${search}”.`
            : status
              ? `No ${orderStatusLabels[status].toLowerCase()} orders.`
              : 'No orders yet.'}
        </p>
      ) : (
        <AdminTable
          label="Orders"
          pagination={{
            page,
            pageSize: ORDERS_PAGE_SIZE,
            total: orders.data.total,
            label: 'Order pages',
            onPage: (p) => update({ status, search, page: p }),
          }}
        >
          <thead>
            <tr>
              <th scope="col">SL.No</th>
              <th scope="col">Name</th>
              <th scope="col">Customer</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order, index) => (
              <tr key={order._id}>
                <th scope="row" data-label="SL.No">
                  {(page - 1) * ORDERS_PAGE_SIZE + index + 1}
                </th>
                <td data-label="Name" className="min-w-40">
                  <div>
                    <div className="font-mono text-xs font-semibold" data-testid="order-number">
                      {order.number}
                    </div>
                    {order.poNumber ? (
                      <div className="text-xs text-base-content/80">
                        PO <span className="font-mono">{order.poNumber}</span>
                      </div>
                    ) : null}
                    <Link to={paths.manageOrder(order._id)} className="link link-hover font-medium">
                      {order.order}
                    </Link>
                    {hasSeveralLines(order) ? (
                      <OrderLines
                        order={order}
                        label={`Lines of ${order.order}`}
                        className="my-1"
                      />
                    ) : (
                      <div className="font-mono text-xs text-base-content/75">
                        {order.partNumber}
                      </div>
                    )}
                    <div className="text-xs text-base-content/75">
                      {placedOn.format(new Date(order.createdAt))}
                    </div>
                  </div>
                </td>
                <td data-label="Customer" className="min-w-56">
                  <div className="min-w-0">
                    <div>{order.name}</div>
                    <div className="text-xs [overflow-wrap:anywhere] text-base-content/75">
                      {order.email}
                    </div>
                  </div>
                </td>
                <td data-label="Quantity">
                  {hasSeveralLines(order) ? `${order.lines.length} lines` : order.quantity}
                </td>
                <td data-label="Price" className="whitespace-nowrap">
                  <div>
                    <div className="font-medium">{formatUsd(order.total)}</div>
                    {hasSeveralLines(order) ? null : (
                      <div className="text-xs text-base-content/75">
                        {formatUsd(order.price)} each
                      </div>
                    )}
                    <div className="text-xs text-base-content/75">
                      {chargeTexts.shipping} {shippingText(order.shipping)}
                    </div>
                    {order.taxRate > 0 ? (
                      <div className="text-xs text-base-content/75">
                        {chargeTexts.tax(order.taxRate)} {formatUsd(order.tax)}
                      </div>
                    ) : null}
                  </div>
                </td>
                <td data-label="Status">
                  <div className="flex flex-col items-start gap-1">
                    <OrderStatusBadge status={order.status} />
                    <RefundState order={order} />
                  </div>
                </td>
                <td data-label="Action">
                  <div className="flex flex-col items-start gap-2">
                    <OrderActions order={order} />
                    <InvoiceLink
                      order={order}
                      className="link link-primary text-sm whitespace-nowrap"
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </>
  );
}
