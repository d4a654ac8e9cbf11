import { formatUsd } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { OrderActions } from './order-actions';
import { OrderStatusBadge } from './order-status-badge';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

interface OrdersTableProps {
  orders: Order[];
  onDelete: (order: Order) => void;
}

/**
 * The spec's columns (Name, Orders Name, Price, Action) plus quantity, total, status and date:
 * a table from medium screens up, one card per order on phones.
 */
export function OrdersTable({ orders, onDelete }: OrdersTableProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
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
            {orders.map((order, index) => (
              <tr key={order._id} data-order-id={order._id}>
                <th scope="row">{index + 1}</th>
                <td>{order.name}</td>
                <td className="font-medium">{order.order}</td>
                <td className="text-right tabular-nums">{order.quantity}</td>
                <td className="text-right tabular-nums">{formatUsd(order.price)}</td>
                <td className="text-right font-semibold tabular-nums">{formatUsd(order.total)}</td>
                <td>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="whitespace-nowrap">{formatOrderDate(order.createdAt)}</td>
                <td>
                  <OrderActions order={order} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {orders.map((order) => (
          <li
            key={order._id}
            data-order-id={order._id}
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{order.order}</h3>
                <OrderStatusBadge status={order.status} />
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-base-content/70">Name</dt>
                <dd>{order.name}</dd>
                <dt className="text-base-content/70">Quantity</dt>
                <dd className="tabular-nums">{order.quantity}</dd>
                <dt className="text-base-content/70">Price</dt>
                <dd className="tabular-nums">{formatUsd(order.price)}</dd>
                <dt className="text-base-content/70">Total</dt>
                <dd className="font-semibold tabular-nums">{formatUsd(order.total)}</dd>
                <dt className="text-base-content/70">Date</dt>
                <dd>{formatOrderDate(order.createdAt)}</dd>
              </dl>
              <OrderActions order={order} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
