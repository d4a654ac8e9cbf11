import { formatCount } from '@voltforge/contract/format-number';
import { pageMeta } from '@voltforge/contract/public-pages';
import { formatUsd } from '@voltforge/contract/money';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { useShopSummary } from './api/get-shop-summary';
import { useDateFormat } from '../../lib/first-paint/local-time';

/** /summary: the shop at a glance, computed from live data (docs/decisions/002-summary-page.md). */
export function SummaryPage() {
  usePageMeta(pageMeta.summary.title, pageMeta.summary.description);
  const summary = useShopSummary();
  const updatedAt = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PageContainer>
      <PageHeading lead="The shop at a glance, straight from our live catalogue and customer reviews.">
        Summary
      </PageHeading>
      {summary.isPending ? (
        <Spinner block label="Loading the summary" />
      ) : summary.isError ? (
        <QueryError message={summary.error.message} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[
              {
                label: 'Tools for sale',
                value: formatCount(summary.data.toolCount),
                detail:
                  summary.data.outOfStockCount > 0
                    ? `${summary.data.outOfStockCount} out of stock right now`
                    : 'All in stock',
              },
              {
                label: 'Categories',
                value: formatCount(summary.data.categoryCount),
                detail: 'From test gear to components',
              },
              {
                label: 'Stock on hand',
                value: `${formatCount(summary.data.stockOnHand)} units`,
                detail: 'Ready to ship from our warehouse',
              },
              {
                label: 'Price range',
                value: summary.data.priceRange
                  ? `${formatUsd(summary.data.priceRange.min)} – ${formatUsd(summary.data.priceRange.max)}`
                  : '—',
                // The range is of list prices; a tool's quantity price breaks can only lower it.
                detail: 'List price per unit, before any quantity price breaks',
              },
              {
                label: 'Customer reviews',
                value: formatCount(summary.data.reviewCount),
                // Not every review is from a verified buyer: the count claims only what it counts.
                detail: 'Every review shown in the shop',
              },
              {
                label: 'Average rating',
                value:
                  summary.data.averageRating === null
                    ? '—'
                    : `${summary.data.averageRating.toFixed(1)} / 5`,
                detail:
                  summary.data.averageRating === null ? 'No reviews yet' : 'Across every review',
              },
            ].map((stat) => (
              <div
                key={stat.label}
                className="stat rounded-box border border-base-300 bg-base-100 shadow-sm"
              >
                <dt className="stat-title text-base-content/75">{stat.label}</dt>
                <dd className="stat-value text-2xl text-primary sm:text-3xl">{stat.value}</dd>
                <dd className="stat-desc text-base-content/70">{stat.detail}</dd>
              </div>
            ))}
          </dl>

          <section aria-labelledby="summary-categories" className="mt-10">
            <h2 id="summary-categories" className="mb-4 text-2xl font-bold">
              By category
            </h2>
            {/* Focusable so keyboard users can scroll it when a narrow screen cuts it off. */}
            <div
              tabIndex={0}
              role="region"
              aria-label="Tools and stock by category"
              className="overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <table className="table table-sm sm:table-md">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col" className="text-right">
                      Tools
                    </th>
                    <th scope="col" className="text-right">
                      Stock on hand
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.data.categories.map((c) => (
                    <tr key={c.category}>
                      <th scope="row" className="font-medium">
                        <Link
                          to={`${paths.tools}?category=${encodeURIComponent(c.category)}`}
                          className="link link-primary"
                        >
                          {c.category}
                        </Link>
                      </th>
                      <td className="text-right">{formatCount(c.toolCount)}</td>
                      <td className="text-right">{formatCount(c.stockOnHand)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <p className="mt-6 text-sm text-base-content/70">
            Updated {updatedAt.format(new Date(summary.data.generatedAt))}.
          </p>
        </>
      )}
    </PageContainer>
  );
}
