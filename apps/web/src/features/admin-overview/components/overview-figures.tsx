import type { Overview } from '@voltforge/contract/admin-overview';
import { stockLevel, stockLevelLabels } from '@voltforge/contract/low-stock';
import { formatUsd } from '@voltforge/contract/money';
import { orderStatusLabels } from '@voltforge/contract/order-rules';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { dateFormat } from '@voltforge/contract/format-date';
import { useDateFormat } from '../../../lib/first-paint/local-time';

const longDate = dateFormat({ dateStyle: 'medium' }, 'UTC');
export const formatDay = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/** The chart's figures, day by day: what a screen reader (or anyone who wants numbers) reads. */
export function SalesTable({ overview }: { overview: Overview }) {
  return (
    <div
      role="region"
      aria-label="Figures per day"
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-box border border-base-300"
    >
      <table className="table table-sm table-pin-rows [&_tfoot]:text-base-content/85 [&_thead]:text-base-content/85">
        <caption className="sr-only">
          Revenue and paid orders per day, {formatDay(overview.from)} to {formatDay(overview.to)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="text-right">
              Revenue
            </th>
            <th scope="col" className="text-right">
              Paid orders
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.daily.map((d) => (
            <tr key={d.date}>
              <th scope="row" className="font-normal">
                {formatDay(d.date)}
              </th>
              <td className="text-right tabular-nums">{formatUsd(d.revenue)}</td>
              <td className="text-right tabular-nums">{d.paidOrders}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="text-right tabular-nums">{formatUsd(overview.totals.revenue)}</td>
            <td className="text-right tabular-nums">{overview.totals.paidOrders}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function StatusCounts({ overview }: { overview: Overview }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {overview.statusCounts.map((s) => (
        <li key={s.status} className="rounded-box border border-base-300 bg-base-100 p-3">
          <span className="block text-sm text-base-content/75">{orderStatusLabels[s.status]}</span>
          <span className="text-xl font-semibold tabular-nums">{s.count}</span>
        </li>
      ))}
    </ul>
  );
}

export function TopTools({ overview }: { overview: Overview }) {
  if (overview.topTools.length === 0) {
    return <p className="text-base-content/75">No paid orders in this period yet.</p>;
  }
  return (
    <div
      role="region"
      aria-label="Top tools"
      tabIndex={0}
      className="overflow-x-auto rounded-box border border-base-300"
    >
      <table className="table table-sm [&_thead]:text-base-content/85">
        <caption className="sr-only">Top tools by revenue in the period</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Part number</th>
            <th scope="col" className="text-right">
              Sold
            </th>
            <th scope="col" className="text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.topTools.map((t) => (
            <tr key={t.toolId}>
              <th scope="row" className="font-normal">
                {t.name}
              </th>
              <td className="font-mono whitespace-nowrap">{t.partNumber}</td>
              <td className="text-right tabular-nums">{t.quantity}</td>
              <td className="text-right tabular-nums">{formatUsd(t.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LowStockList({ overview }: { overview: Overview }) {
  const alertedFormat = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  if (overview.lowStock.length === 0) {
    return <p className="text-base-content/75">Every tool is above its low-stock threshold.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {overview.lowStock.map((t) => (
          <li key={t._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span>
              <span className="font-medium">{t.name}</span>{' '}
              <span className="font-mono text-sm whitespace-nowrap text-base-content/75">
                {t.partNumber}
              </span>
            </span>
            <span className="flex items-center gap-2 text-sm">
              <span
                className={`badge badge-sm ${stockLevel(t) === 'out' ? 'badge-error' : 'badge-warning'}`}
              >
                {stockLevel(t) === 'low'
                  ? `${stockLevelLabels.low}: ${t.inStock} left`
                  : t.inStock === 0
                    ? stockLevelLabels.out
                    : `${stockLevelLabels.out}: ${t.inStock} left, under the minimum order`}
              </span>
              <span className="text-base-content/75">threshold {t.lowStockThreshold}</span>
              {t.notifiedAt ? (
                <span className="text-base-content/75">
                  · alerted {alertedFormat.format(new Date(t.notifiedAt))}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Link to={`${paths.manageTools}?lowStock=1`} className="link">
          Restock them in Manage Products
        </Link>
      </p>
    </>
  );
}
