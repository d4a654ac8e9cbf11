import type { CatalogQuery } from './catalog.ts';
import type { ShopTermsJson } from './charges.ts';
import type { Review } from './review.ts';
import type { SessionAnswer } from './session-answer.ts';
import type { Tool, ToolCategory, ToolSearch } from './tool.ts';

/**
 * The first data a public page needs, written by the server into the HTML it serves as
 * `<script type="application/json" id="initial-data">`, so the page paints with its content
 * instead of waiting for its code and then its API calls (docs/decisions/005-first-paint.md);
 * the server renders the page's HTML from the same data (docs/decisions/007-server-rendering.md).
 * Each entry is exactly what the API answers for the same request.
 */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

export interface InitialData {
  /** GET /api/tool answers: the query, the page of tools and the X-Total-Count. */
  toolLists?: { query: CatalogQuery; items: Tool[]; total: number }[];
  /** GET /api/tool/search answers (the catalogue page): the query and the answer. */
  toolSearches?: { query: CatalogQuery; result: ToolSearch }[];
  /** GET /api/review?limit= */
  latestReviews?: { limit: number; items: Review[] };
  /** GET /api/tool/:id */
  tool?: Tool;
  /** GET /api/tool/categories */
  categories?: ToolCategory[];
  /** GET /api/shop/terms */
  shopTerms?: ShopTermsJson;
  /**
   * A signed-in page (`signed-in-pages.ts`): the session as GET /api/auth/get-session answers it
   * for the reader the page was rendered for, as a page may carry it (`pageSession`).
   */
  session?: SessionAnswer;
  /**
   * A signed-in page: the API answers its first render read, as the web app's query cache
   * dehydrates them (TanStack Query's `DehydratedState`).
   */
  queries?: unknown;
  /**
   * When the server rendered the page (ms since the epoch): its rules that compare a date with
   * "now" (a tool's NEW badge) use it, so the page hydrates with the same content.
   */
  renderedAt?: number;
}
