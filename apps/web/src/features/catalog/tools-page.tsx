import { catalogTitle, pageMeta } from '@voltforge/contract/public-pages';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { toolSearchQuery, useToolSearch } from '../../lib/api/get-tool-search';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { CatalogFilters } from './catalog-filters';
import { CatalogPagination } from './catalog-pagination';
import {
  CATALOG_PAGE_SIZE,
  catalogQuery,
  catalogSearch,
  defaultToolOrder,
  readCatalogState,
  type CatalogState,
} from '@voltforge/contract/catalog';
import { AddToCartButton } from '../../components/tool/add-to-cart-button';
import { ToolCard } from '../../components/tool/tool-card';
import { useToolView, type ToolView } from './tool-view';

/** Cards or the compact list: two pressed-or-not buttons, the choice kept in this browser. */
function ViewToggle({ view, onChange }: { view: ToolView; onChange: (view: ToolView) => void }) {
  return (
    <div role="group" aria-label="View" className="join">
      {(['cards', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={`btn join-item btn-sm ${view === option ? 'btn-primary' : 'btn-outline btn-primary'}`}
        >
          {option === 'cards' ? 'Cards' : 'List'}
        </button>
      ))}
    </div>
  );
}

function resultsLabel(state: CatalogState, total: number, shown: number): string {
  if (total === 0) return 'No tools found';
  const first = (state.page - 1) * CATALOG_PAGE_SIZE + 1;
  const noun = total === 1 ? 'tool' : 'tools';
  if (shown === 0) return `${total} ${noun} in all; this page is past the end`;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}

/** One answer has the page's tools and the filters' counts: with it the page renders complete. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ url }) => [toolSearchQuery(catalogQuery(readCatalogState(url.searchParams)))])
  : undefined;

/**
 * The whole catalogue: search, category, stock, price, sort and pages, all kept in the URL, from
 * one request (the list with its filters' counts); shown as cards or as a compact list.
 */
export function ToolsPage() {
  const [params, setParams] = useSearchParams();
  const state = readCatalogState(params);
  usePageMeta(catalogTitle(state), pageMeta.tools.description);

  const tools = useToolSearch(catalogQuery(state));
  const [view, setView] = useToolView();

  // A new search, category or sort starts again at page 1; each change is its own history entry.
  function update(next: Partial<CatalogState>) {
    const merged = { ...state, ...next, page: 1 };
    // An order nobody picked follows the search: best match for a new one, newest without one.
    if (next.sort === undefined && state.sort === defaultToolOrder(state.search)) {
      merged.sort = defaultToolOrder(merged.search);
    }
    setParams(new URLSearchParams(catalogSearch(merged)), {
      preventScrollReset: true,
    });
  }

  const filtered =
    state.search !== '' ||
    state.category !== '' ||
    state.inStock ||
    state.minPrice !== '' ||
    state.maxPrice !== '';
  const pageCount = tools.data ? Math.ceil(tools.data.total / CATALOG_PAGE_SIZE) : 0;

  return (
    <PageContainer>
      <PageHeading lead="Every Voltforge tool and component, straight from the factory. Search by name or part number, narrow by category and sort the way you like.">
        Tools
      </PageHeading>
      <CatalogFilters state={state} facets={tools.data?.facets} onChange={update} />

      <div className="mt-6">
        {tools.isPending ? (
          <Spinner block label="Loading tools" />
        ) : tools.isError ? (
          <QueryError message={tools.error.message} onRetry={() => void tools.refetch()} />
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm text-base-content/75">
                {resultsLabel(state, tools.data.total, tools.data.items.length)}
                {state.search ? ` for “${state.search}”` : ''}
                {state.category ? ` in ${state.category}` : ''}
              </p>
              <ViewToggle view={view} onChange={setView} />
            </div>
            {tools.data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
                <h2 className="text-xl font-semibold">
                  {tools.data.total > 0 ? 'This page is past the end' : 'No tools match'}
                </h2>
                <p className="max-w-md text-base-content/75">
                  {tools.data.total > 0
                    ? 'There are fewer results than that. Go back to the first page.'
                    : 'Try a shorter or different name, or widen the filters.'}
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
                className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 list-view:gap-2 list-view:sm:grid-cols-1 list-view:lg:grid-cols-1${tools.isPlaceholderData ? ' opacity-60' : ''}`}
                aria-busy={tools.isPlaceholderData || undefined}
              >
                {tools.data.items.map((tool, i) => (
                  <li key={tool._id}>
                    <ToolCard
                      tool={tool}
                      headingLevel="h2"
                      eager={i < 3}
                      listable
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
