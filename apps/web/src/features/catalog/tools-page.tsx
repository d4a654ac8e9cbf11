import { catalogTitle, pageMeta } from '@voltforge/contract/public-pages';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/use-page-meta';
import { useCategories } from '../../lib/api/get-categories';
import { useTools } from '../../lib/api/get-tools';
import { CatalogFilters } from './catalog-filters';
import { CatalogPagination } from './catalog-pagination';
import {
  CATALOG_PAGE_SIZE,
  catalogQuery,
  catalogSearch,
  readCatalogState,
  type CatalogState,
} from '@voltforge/contract/catalog';
import { AddToCartButton } from '../../components/tool/add-to-cart-button';
import { ToolCard } from '../../components/tool/tool-card';

function resultsLabel(state: CatalogState, total: number, shown: number): string {
  if (total === 0) return 'No tools found';
  const first = (state.page - 1) * CATALOG_PAGE_SIZE + 1;
  const noun = total === 1 ? 'tool' : 'tools';
  if (shown === 0) return `${total} ${noun} in all; this page is past the end`;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}

/** The whole catalogue: search, category, sort and pages, all kept in the URL. */
export function ToolsPage() {
  const [params, setParams] = useSearchParams();
  const state = readCatalogState(params);
  usePageMeta(catalogTitle(state), pageMeta.tools.description);

  const tools = useTools(catalogQuery(state));
  const categories = useCategories();

  // A new search, category or sort starts again at page 1; each change is its own history entry.
  function update(next: Partial<CatalogState>) {
    setParams(new URLSearchParams(catalogSearch({ ...state, ...next, page: 1 })), {
      preventScrollReset: true,
    });
  }

  const filtered = state.search !== '' || state.category !== '';
  const pageCount = tools.data ? Math.ceil(tools.data.total / CATALOG_PAGE_SIZE) : 0;

  return (
    <PageContainer>
      <PageHeading lead="Every Voltforge tool and component, straight from the factory. Search by name or part number, narrow by category and sort the way you like.">
        Tools
      </PageHeading>
      <CatalogFilters state={state} categories={categories.data ?? []} onChange={update} />

      <div className="mt-6">
        {tools.isPending ? (
          <Spinner block label="Loading tools" />
        ) : tools.isError ? (
          <QueryError message={tools.error.message} onRetry={() => void tools.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-base-content/75">
              {resultsLabel(state, tools.data.total, tools.data.items.length)}
              {state.search ? ` for “${state.search}”` : ''}
              {state.category ? ` in ${state.category}` : ''}
            </p>
            {tools.data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
                <h2 className="text-xl font-semibold">
                  {tools.data.total > 0 ? 'This page is past the end' : 'No tools match'}
                </h2>
                <p className="max-w-md text-base-content/75">
                  {tools.data.total > 0
                    ? 'There are fewer results than that. Go back to the first page.'
                    : 'Try a shorter or different name, or look in every category.'}
                </p>
                {tools.data.total > 0 ? (
                  <Link
                    to={{ search: catalogSearch({ ...state, page: 1 }) }}
                    className="btn btn-primary"
                  >
                    First page
                  </Link>
                ) : filtered ? (
                  <Link to={paths.tools} className="btn btn-primary">
                    Clear search and filters
                  </Link>
                ) : null}
              </div>
            ) : (
              <ul
                aria-label="Tools"
                className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3${tools.isPlaceholderData ? ' opacity-60' : ''}`}
                aria-busy={tools.isPlaceholderData || undefined}
              >
                {tools.data.items.map((tool, i) => (
                  <li key={tool._id}>
                    <ToolCard
                      tool={tool}
                      headingLevel="h2"
                      eager={i < 3}
                      action={<AddToCartButton tool={tool} />}
                    />
                  </li>
                ))}
              </ul>
            )}
            <CatalogPagination state={state} pageCount={pageCount} />
          </>
        )}
      </div>
    </PageContainer>
  );
}
