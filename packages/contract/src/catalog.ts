/**
 * The catalogue's sorts and limits, and how a catalogue URL reads. No zod here: the catalogue and
 * home pages import this at run time, and the server reads a page's URL with the same functions
 * when it puts the page's first data into the HTML (docs/decisions/005-first-paint.md).
 */

export const toolSorts = ['price_asc', 'price_desc', 'name', 'newest'] as const;
export type ToolSort = (typeof toolSorts)[number];
export const DEFAULT_TOOL_SORT: ToolSort = 'newest';

/**
 * How a tool list is ordered. `relevance` (best match first) is never sent: it is what the API
 * does for a search when no sort is given. Without a search there is nothing to rank by, and the
 * list is newest first. A sort the user picks always applies, with or without a search.
 */
export type ToolOrder = ToolSort | 'relevance';

export function defaultToolOrder(search: string | undefined): ToolOrder {
  return search ? 'relevance' : DEFAULT_TOOL_SORT;
}

export const toolSortLabels: Record<ToolOrder, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name (A–Z)',
};

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any real catalogue; keeps OFFSET bounded so a silly page number costs nothing. */
export const MAX_PAGE = 10_000;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_CATEGORY_LENGTH = 100;
/** A price filter in dollars as typed: whole dollars or cents, e.g. 25 or 19.99. */
export const PRICE_FILTER_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** Three rows of three on a wide screen, plus three: small enough to page through quickly. */
export const CATALOG_PAGE_SIZE = 12;

/** The home page's "latest tools" and "latest reviews" sections. */
export const HOME_TOOL_COUNT = 6;
export const HOME_REVIEW_COUNT = 6;

/** Everything the /tools page shows lives in its URL, so links, reload and Back all work. */
export interface CatalogState {
  search: string;
  category: string;
  /** `relevance` only with a search: see `ToolOrder`. */
  sort: ToolOrder;
  /** Only tools with stock on hand. */
  inStock: boolean;
  /** Price bounds in dollars as typed (`PRICE_FILTER_PATTERN`); '' for none. */
  minPrice: string;
  maxPrice: string;
  page: number;
}

/** The GET /api/tool query, as strings the way a client sends it. */
export interface CatalogQuery {
  search?: string;
  category?: string;
  sort?: ToolSort;
  inStock?: 'true';
  minPrice?: string;
  maxPrice?: string;
  page?: string;
  pageSize?: string;
}

function isSort(value: string | null): value is ToolSort {
  return value !== null && (toolSorts as readonly string[]).includes(value);
}

/** The orders the catalogue offers for a search (or none): best match only with one. */
export function catalogSorts(search: string): readonly ToolOrder[] {
  return search ? ['relevance', ...toolSorts] : toolSorts;
}

/**
 * Reads the URL leniently: a hand-edited or stale value falls back to its default, and an
 * over-long text is cut to what the API accepts, so a URL alone never produces an error page.
 */
export function readCatalogState(params: URLSearchParams): CatalogState {
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  const search = (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const price = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return PRICE_FILTER_PATTERN.test(value) ? value : '';
  };
  const minPrice = price('minPrice');
  let maxPrice = price('maxPrice');
  // Bounds the wrong way round would find nothing (the API refuses them): the upper one goes.
  if (minPrice && maxPrice && Number(maxPrice) < Number(minPrice)) maxPrice = '';
  return {
    search,
    category: (params.get('category') ?? '').trim().slice(0, MAX_CATEGORY_LENGTH),
    sort: isSort(sort) ? sort : defaultToolOrder(search),
    inStock: params.get('inStock') === 'true',
    minPrice,
    maxPrice,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL query for a state; defaults are left out so the plain catalogue is just `/tools`. */
export function catalogSearch(state: CatalogState): string {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.sort !== defaultToolOrder(state.search) && state.sort !== 'relevance') {
    params.set('sort', state.sort);
  }
  if (state.inStock) params.set('inStock', 'true');
  if (state.minPrice) params.set('minPrice', state.minPrice);
  if (state.maxPrice) params.set('maxPrice', state.maxPrice);
  if (state.page > 1) params.set('page', String(state.page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The catalogue page's one request in a given state: GET /api/tool/search (list and counts). */
export function catalogQuery(state: CatalogState): CatalogQuery {
  return {
    search: state.search || undefined,
    category: state.category || undefined,
    sort: state.sort === 'relevance' ? undefined : state.sort,
    inStock: state.inStock ? 'true' : undefined,
    minPrice: state.minPrice || undefined,
    maxPrice: state.maxPrice || undefined,
    page: String(state.page),
    pageSize: String(CATALOG_PAGE_SIZE),
  };
}

/** The tool list the home page asks for: the newest few. */
export const homeToolsQuery: CatalogQuery = {
  sort: 'newest',
  pageSize: String(HOME_TOOL_COUNT),
};
