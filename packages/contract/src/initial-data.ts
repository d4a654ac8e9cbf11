import type { SessionAnswer } from './session-answer.ts';

/**
 * The first data of a page the server rendered, written into its HTML as
 * `<script type="application/json" id="initial-data">`, so the browser hydrates the page from the
 * answers it was rendered with instead of asking for them again (docs/decisions/005-first-paint.md,
 * 007-server-rendering.md).
 */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

export interface InitialData {
  /**
   * The API answers the page's loaders read, as the web app's query cache dehydrates them
   * (TanStack Query's `DehydratedState`): each exactly what the API answers the same request.
   */
  queries?: unknown;
  /**
   * A page rendered for its signed-in reader: the session as GET /api/auth/get-session answers
   * it for them, as a page may carry it (`pageSession`).
   */
  session?: SessionAnswer;
  /**
   * When the server rendered the page (ms since the epoch): its rules that compare a date with
   * "now" (a tool's NEW badge) use it, so the page hydrates with the same content.
   */
  renderedAt?: number;
}
