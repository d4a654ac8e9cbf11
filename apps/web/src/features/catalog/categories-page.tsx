import { pageMeta } from '@voltforge/contract/public-pages';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { categoriesQuery, useCategories } from '../../lib/api/get-categories';
import { pageLoader } from '../../lib/first-paint/page-loader';

export const loader = import.meta.env.SSR ? pageLoader(() => [categoriesQuery()]) : undefined;

/** /catagories (the original spelling, kept for old links): every category with its count. */
export function CategoriesPage() {
  usePageMeta(pageMeta.categories.title, pageMeta.categories.description);
  const categories = useCategories();

  return (
    <PageContainer>
      <PageHeading lead="Pick a category to see every tool in it.">Categories</PageHeading>
      {categories.isPending ? (
        <Spinner block label="Loading categories" />
      ) : categories.isError ? (
        <QueryError message={categories.error.message} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <p className="text-base-content/75">The catalogue is empty right now. Check back soon.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map(({ category, count }) => (
            <li key={category}>
              <Link
                to={`${paths.tools}?category=${encodeURIComponent(category)}`}
                className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <div className="card-body flex-row items-center justify-between gap-4">
                  <h2 className="card-title text-lg">{category}</h2>
                  <span className="badge badge-primary badge-lg whitespace-nowrap">
                    {count} {count === 1 ? 'tool' : 'tools'}
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8">
        <Link to={paths.tools} className="link link-primary">
          See the whole catalogue
        </Link>
      </p>
    </PageContainer>
  );
}
