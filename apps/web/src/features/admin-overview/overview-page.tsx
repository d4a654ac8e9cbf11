import { useState } from 'react';
import { formatUsd } from '@voltforge/contract/money';
import { Spinner } from '../../components/ui/spinner';
import { QueryError } from '../../components/ui/query-error';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { DEFAULT_OVERVIEW_DAYS, useOverview, type OverviewDays } from './api/get-overview';
import {
  LowStockList,
  SalesTable,
  StatusCounts,
  TopTools,
  formatDay,
} from './components/overview-figures';
import { SalesChart } from './components/sales-chart';

const PERIODS: readonly OverviewDays[] = [30, 90];

/** /dashboard for admins: how sales are going, what is waiting, what is running out. */
export function OverviewPage() {
  usePageMeta('Overview', 'Voltforge administration: sales, orders and stock at a glance.');
  const [days, setDays] = useState<OverviewDays>(DEFAULT_OVERVIEW_DAYS);
  const overview = useOverview(days);

  return (
    <>
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold">Overview</h2>
          {overview.data ? (
            <p className="mt-1 text-base-content/75">
              {formatDay(overview.data.from)} to {formatDay(overview.data.to)} (UTC days)
            </p>
          ) : null}
        </div>
        <div role="group" aria-label="Period" className="join">
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={`btn join-item btn-sm ${p === days ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={p === days}
              onClick={() => setDays(p)}
            >
              Last {p} days
            </button>
          ))}
        </div>
      </header>
      {overview.isPending ? (
        <Spinner block label="Loading the overview" />
      ) : overview.isError ? (
        <QueryError message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="sales-heading" className="flex flex-col gap-3">
            <h3 id="sales-heading" className="text-lg font-semibold">
              Revenue and paid orders per day
            </h3>
            <dl className="grid grid-cols-2 gap-2 sm:max-w-md">
              <div className="rounded-box border border-base-300 bg-base-100 p-3">
                <dt className="text-sm text-base-content/75">Revenue</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {formatUsd(overview.data.totals.revenue)}
                </dd>
              </div>
              <div className="rounded-box border border-base-300 bg-base-100 p-3">
                <dt className="text-sm text-base-content/75">Paid orders</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {overview.data.totals.paidOrders}
                </dd>
              </div>
              <div className="rounded-box border border-base-300 bg-base-100 p-3">
                <dt className="text-sm text-base-content/75">From quotes</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {formatUsd(overview.data.totals.fromQuotes.revenue)}
                </dd>
                <dd className="text-sm text-base-content/75">
                  {overview.data.totals.fromQuotes.paidOrders === 1
                    ? '1 order'
                    : `${overview.data.totals.fromQuotes.paidOrders} orders`}
                </dd>
              </div>
            </dl>
            <SalesChart
              days={overview.data.daily}
              summary={`Chart of revenue and paid orders per day over the last ${overview.data.days} days: ${formatUsd(overview.data.totals.revenue)} from ${overview.data.totals.paidOrders} paid orders. The figures are in the table below.`}
            />
            <details className="collapse-arrow collapse border border-base-300 bg-base-100">
              <summary className="collapse-title font-medium">
                Show the figures per day as a table
              </summary>
              <div className="collapse-content">
                <SalesTable overview={overview.data} />
              </div>
            </details>
          </section>
          <section aria-labelledby="status-heading" className="flex flex-col gap-3">
            <h3 id="status-heading" className="text-lg font-semibold">
              Orders placed in the period, by status now
            </h3>
            <StatusCounts overview={overview.data} />
          </section>
          <section aria-labelledby="top-heading" className="flex flex-col gap-3">
            <h3 id="top-heading" className="text-lg font-semibold">
              Top tools by revenue
            </h3>
            <TopTools overview={overview.data} />
          </section>
          <section aria-labelledby="low-heading" className="flex flex-col gap-3">
            <h3 id="low-heading" className="text-lg font-semibold">
              Low stock
            </h3>
            <LowStockList overview={overview.data} />
          </section>
        </div>
      )}
    </>
  );
}
