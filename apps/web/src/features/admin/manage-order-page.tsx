import { formatUsd } from '@voltforge/contract/money';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { useAdminOrder } from './api/get-admin-order';
import { OrderActions } from './components/order-actions';
import { OrderTimelineList } from '../../components/order-timeline/order-timeline';
import { OrderStatusBadge } from '../../components/order/order-status-badge';
import { listsLines, OrderLines } from '../../components/order/order-lines';
import { chargesOfOrder, OrderCharges } from '../../components/order/order-charges';
import { InvoiceLink } from '../../components/order/invoice-link';
import { shipmentText } from '../../components/order/shipment-note';
import { RefundState } from '../../components/order/refund-state';
import { RefundsSection } from './components/refunds-section';
import { canShipNow, ShipForm } from './components/ship-form';
import { ShipmentsList } from '../../components/order/shipments-list';
import { CancelShipment } from './components/cancel-shipment';
import { QueryError } from '../../components/ui/query-error';
import { useDateFormat } from '../../lib/first-paint/local-time';

/** manageOrder/:id: one order of the back office's table, its details and actions. */
export function ManageOrderPage() {
  const { id = '' } = useParams();
  usePageMeta('Manage Order', 'Voltforge administration: one order.');
  const order = useAdminOrder(id);
  const placedAt = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <AdminHeading
        lead={
          <Link to={paths.manageOrders} className="link">
            Back to Manage All Orders
          </Link>
        }
      >
        Manage Order
      </AdminHeading>
      {order.isPending ? (
        <Spinner block label="Loading the order" />
      ) : order.isError ? (
        <QueryError message={order.error.message} onRetry={() => void order.refetch()} />
      ) : (
        <section
          aria-label={`Order ${order.data._id}`}
          className="card max-w-3xl border border-base-300 bg-base-100"
        >
          <div className="card-body gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="card-title">{order.data.order}</h2>
              <div className="flex items-start gap-2">
                <RefundState order={order.data} className="items-end" />
                <OrderStatusBadge status={order.data.status} />
              </div>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-base-content/75">Order number</dt>
              <dd className="font-mono font-semibold" data-testid="order-number">
                {order.data.number}
              </dd>
              <dt className="text-base-content/75">Order</dt>
              <dd className="font-mono [overflow-wrap:anywhere]">{order.data._id}</dd>
              <dt className="text-base-content/75">Placed</dt>
              <dd>{placedAt.format(new Date(order.data.createdAt))}</dd>
              <dt className="text-base-content/75">Customer</dt>
              <dd>
                {order.data.name} ·{' '}
                <span className="[overflow-wrap:anywhere]">{order.data.email}</span>
              </dd>
              {order.data.poNumber ? (
                <>
                  <dt className="text-base-content/75">PO number</dt>
                  <dd className="font-mono [overflow-wrap:anywhere]">{order.data.poNumber}</dd>
                </>
              ) : null}
              {order.data.quote ? (
                <>
                  <dt className="text-base-content/75">Quote</dt>
                  <dd>
                    <Link to={paths.manageQuote(order.data.quote.id)} className="link font-mono">
                      {order.data.quote.number}
                    </Link>
                    , revision {order.data.quote.revision}
                  </dd>
                </>
              ) : null}
              {order.data.company ? (
                <>
                  <dt className="text-base-content/75">Company</dt>
                  <dd>{order.data.company}</dd>
                </>
              ) : null}
              {order.data.taxId ? (
                <>
                  <dt className="text-base-content/75">VAT / tax id</dt>
                  <dd className="font-mono">{order.data.taxId}</dd>
                </>
              ) : null}
              <dt className="text-base-content/75">Phone</dt>
              <dd>{order.data.phone}</dd>
              <dt className="text-base-content/75">Address</dt>
              <dd className="whitespace-pre-line">{order.data.address}</dd>
              {listsLines(order.data) ? (
                <>
                  <dt className="text-base-content/75">Lines</dt>
                  <dd>
                    <OrderLines order={order.data} label="Order lines" />
                  </dd>
                </>
              ) : (
                <>
                  <dt className="text-base-content/75">Part number</dt>
                  <dd className="font-mono">{order.data.partNumber}</dd>
                  <dt className="text-base-content/75">Quantity</dt>
                  <dd>{order.data.quantity}</dd>
                  <dt className="text-base-content/75">Price</dt>
                  <dd>{formatUsd(order.data.price)} each</dd>
                </>
              )}
              <dt className="text-base-content/75">Charges</dt>
              <dd className="sm:max-w-xs">
                <OrderCharges charges={chargesOfOrder(order.data)} testId="manage-order" />
              </dd>
              {order.data.shipments.length > 0 ? (
                <>
                  <dt className="text-base-content/75">Shipments</dt>
                  <dd>
                    <ShipmentsList
                      order={order.data}
                      action={(s) => <CancelShipment order={order.data} shipment={s} />}
                    />
                  </dd>
                </>
              ) : shipmentText(order.data) ? (
                <>
                  <dt className="text-base-content/75">Shipment</dt>
                  <dd className="[overflow-wrap:anywhere]">{shipmentText(order.data)}</dd>
                </>
              ) : null}
              <dt className="text-base-content/75">Transaction id</dt>
              <dd className="font-mono [overflow-wrap:anywhere]">
                {order.data.transactionId ?? '—'}
              </dd>
              <dt className="text-base-content/75">Invoice</dt>
              <dd>
                {order.data.invoice ? (
                  <>
                    <span className="font-mono">{order.data.invoice.number}</span> ·{' '}
                    <InvoiceLink order={order.data} />
                  </>
                ) : (
                  'Issued when the order is paid'
                )}
              </dd>
            </dl>
            {canShipNow(order.data) &&
            order.data.lines.some((l) => l.backordered > 0 || l.shipped > 0) ? (
              <ShipForm order={order.data} />
            ) : (
              <div className="card-actions">
                <OrderActions order={order.data} />
              </div>
            )}
          </div>
        </section>
      )}
      {order.data ? <RefundsSection order={order.data} /> : null}
      {order.data ? (
        <section aria-labelledby="timeline-heading" className="mt-8 max-w-3xl">
          <h3 id="timeline-heading" className="mb-3 text-lg font-semibold">
            Timeline
          </h3>
          <OrderTimelineList
            orderId={order.data._id}
            status={order.data.status}
            label="What happened to this order"
          />
        </section>
      ) : null}
    </>
  );
}
