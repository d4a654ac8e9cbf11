import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { OrderActions } from './order-actions';
import {
  OrderHistoryButton,
  OrderHistoryPanel,
  OrderHistoryToggle,
  useOrderHistory,
} from '../../../components/order-timeline/order-history-toggle';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { PayBy } from '../../../components/order/order-hold';
import { hasSeveralLines, listsLines, OrderLines } from '../../../components/order/order-lines';
import { shippingText } from '../../../components/order/order-charges';
import { InvoiceLink } from '../../../components/order/invoice-link';
import { ShipmentNote } from '../../../components/order/shipment-note';
import { CreditNoteLinks } from '../../../components/order/credit-note-links';
import { RefundState } from '../../../components/order/refund-state';
import { chargeTexts } from '@voltforge/contract/charges';
import { useDateFormat } from '../../../lib/first-paint/local-time';

function OrderDate({ iso }: { iso: string }) {
  const dayFormat = useDateFormat({ dateStyle: 'medium' });
  const timeFormat = useDateFormat({ timeStyle: 'short' });
  const date = new Date(iso);
  return (
    <time dateTime={iso} className="flex flex-col whitespace-nowrap">
      <span>{dayFormat.format(date)}</span>
      <span className="text-xs text-base-content/70">{timeFormat.format(date)}</span>
    </time>
  );
}

const COLUMNS = 8;

/** An order of several lines has no one quantity or unit price: its lines say them. */
function quantityText(order: Order): string {
  return hasSeveralLines(order) ? `${order.lines.length} lines` : String(order.quantity);
}

/** What the total is made of, under it: "Shipping Free", "Shipping $7.50 · Tax (8.25 %) $6.81". */
function ChargesNote({ order }: { order: Order }) {
  return (
    <span className="block text-xs font-normal text-base-content/75">
      {chargeTexts.shipping} {shippingText(order.shipping)}
      {order.taxRate > 0 ? ` · ${chargeTexts.tax(order.taxRate)} ${formatUsd(order.tax)}` : ''}
    </span>
  );
}

/** The number people quote for the order, and the buyer's own PO number when they gave one. */
function OrderNumber({ order }: { order: Order }) {
  return (
    <>
      <span
        className="font-mono text-xs font-semibold whitespace-nowrap"
        data-testid="order-number"
      >
        {order.number}
      </span>
      {order.poNumber ? (
        <span className="block text-xs font-normal text-base-content/80">
          Your PO: <span className="font-mono">{order.poNumber}</span>
        </span>
      ) : null}
      {order.quote ? (
        <span className="block text-xs font-normal text-base-content/80">
          From quote{' '}
          <Link to={paths.quote(order.quote.id)} className="link font-mono">
            {order.quote.number}
          </Link>
          , revision {order.quote.revision}
        </span>
      ) : null}
    </>
  );
}

/** One order's row and, when its history is open, a full-width row under it with the history. */
function OrderRows({ order, onDelete, onAgain, onSaveAsProject }: { order: Order } & Actions) {
  const history = useOrderHistory();
  return (
    <>
      <tr data-order-id={order._id}>
        <td>{order.name}</td>
        <th scope="row" className="min-w-40 font-medium">
          <OrderNumber order={order} />
          <div>{order.order}</div>
          {listsLines(order) ? (
            <OrderLines
              order={order}
              label={`Lines of ${order.order}`}
              className="my-1"
              linkProjects
            />
          ) : (
            <div className="font-mono text-xs font-normal text-base-content/75">
              {order.partNumber}
            </div>
          )}
          <OrderHistoryButton history={history} toolName={order.order} />
        </th>
        <td className="text-right tabular-nums">{quantityText(order)}</td>
        <td className="text-right tabular-nums">
          {hasSeveralLines(order) ? '—' : formatUsd(order.price)}
        </td>
        <td className="text-right font-semibold tabular-nums">
          {formatUsd(order.total)}
          <ChargesNote order={order} />
        </td>
        <td>
          <div className="flex flex-col items-start gap-1">
            <OrderStatusBadge status={order.status} />
            <RefundState order={order} />
            <ShipmentNote order={order} className="text-xs text-base-content/75" />
            <PayBy order={order} className="whitespace-nowrap" />
          </div>
        </td>
        <td>
          <OrderDate iso={order.createdAt} />
        </td>
        <td className="min-w-36">
          <div className="flex flex-col items-start gap-1">
            <OrderActions
              order={order}
              onDelete={onDelete}
              onAgain={onAgain}
              onSaveAsProject={onSaveAsProject}
            />
            <InvoiceLink order={order} className="link link-primary text-sm whitespace-nowrap" />
            <CreditNoteLinks order={order} linkClassName="link link-primary text-sm" />
          </div>
        </td>
      </tr>
      <tr hidden={!history.open}>
        <td colSpan={COLUMNS} className="bg-base-200/40 px-6 text-sm">
          <OrderHistoryPanel history={history} orderId={order._id} status={order.status} />
        </td>
      </tr>
    </>
  );
}

/** What the buyer can do with an order (order-actions.tsx). */
interface Actions {
  onDelete: (order: Order) => void;
  onAgain: (order: Order) => void;
  onSaveAsProject: (order: Order) => void;
}

interface OrdersTableProps extends Actions {
  orders: Order[];
}

/**
 * The original columns (Name, Orders Name, Price, Action) plus the order number, quantity, the
 * total charged (goods, shipping and tax), status, date and the invoice once paid:
 * a table on wide screens, one card per order where the table would not fit beside the menu.
 */
export function OrdersTable({ orders, onDelete, onAgain, onSaveAsProject }: OrdersTableProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 xl:block">
        <table className="table table-sm">
          <thead className="text-base-content/85">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Orders Name</th>
              <th scope="col" className="text-right">
                Quantity
              </th>
              <th scope="col" className="text-right">
                Price
              </th>
              <th scope="col" className="text-right">
                Total
              </th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <OrderRows
                key={order._id}
                order={order}
                onDelete={onDelete}
                onAgain={onAgain}
                onSaveAsProject={onSaveAsProject}
              />
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 xl:hidden">
        {orders.map((order) => (
          <li
            key={order._id}
            data-order-id={order._id}
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">
                  <OrderNumber order={order} />
                  <span className="block">{order.order}</span>
                  {hasSeveralLines(order) ? null : (
                    <span className="font-mono text-xs font-normal whitespace-nowrap text-base-content/75">
                      {order.partNumber}
                    </span>
                  )}
                </h3>
                <div className="flex flex-col items-end gap-1 text-right">
                  <OrderStatusBadge status={order.status} />
                  <RefundState order={order} className="items-end" />
                  <PayBy order={order} />
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-base-content/70">Name</dt>
                <dd>{order.name}</dd>
                <dt className="text-base-content/70">Quantity</dt>
                <dd className="tabular-nums">{quantityText(order)}</dd>
                {hasSeveralLines(order) ? null : (
                  <>
                    <dt className="text-base-content/70">Price</dt>
                    <dd className="tabular-nums">{formatUsd(order.price)}</dd>
                  </>
                )}
                <dt className="text-base-content/70">Total</dt>
                <dd className="font-semibold tabular-nums">
                  {formatUsd(order.total)}
                  <ChargesNote order={order} />
                </dd>
                <dt className="text-base-content/70">Date</dt>
                <dd>
                  <OrderDate iso={order.createdAt} />
                </dd>
              </dl>
              {listsLines(order) ? (
                <OrderLines order={order} label={`Lines of ${order.order}`} linkProjects />
              ) : null}
              <ShipmentNote order={order} />
              <OrderActions
                order={order}
                onDelete={onDelete}
                onAgain={onAgain}
                onSaveAsProject={onSaveAsProject}
              />
              <InvoiceLink order={order} className="link link-primary self-start text-sm" />
              <CreditNoteLinks order={order} linkClassName="link link-primary text-sm" />
              <OrderHistoryToggle
                orderId={order._id}
                status={order.status}
                toolName={order.order}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
