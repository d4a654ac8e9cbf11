import {
  DEFAULT_TOOL_SORT,
  MAX_CATEGORY_LENGTH,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  toolSorts,
  type ToolSort,
} from '@voltforge/contract/tool';

/** Three rows of three on a wide screen, plus three: small enough to page through quickly. */
export const CATALOG_PAGE_SIZE = 12;

/** Everything the /tools page shows lives in its URL, so links, reload and Back all work. */
export interface CatalogState {
  search: string;
  category: string;
  sort: ToolSort;
  page: number;
}

function isSort(value: string | null): value is ToolSort {
  return value !== null && (toolSorts as readonly string[]).includes(value);
}

/**
 * Reads the URL leniently: a hand-edited or stale value falls back to its default, and an
 * over-long text is cut to what the API accepts, so a URL alone never produces an error page.
 */
export function readCatalogState(params: URLSearchParams): CatalogState {
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    category: (params.get('category') ?? '').trim().slice(0, MAX_CATEGORY_LENGTH),
    sort: isSort(sort) ? sort : DEFAULT_TOOL_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL query for a state; defaults are left out so the plain catalogue is just `/tools`. */
export function catalogSearch(state: CatalogState): string {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.sort !== DEFAULT_TOOL_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
