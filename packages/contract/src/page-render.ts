import type { SessionAnswer } from './session-answer.ts';

/*
 * What the server and the web build's server renderer (apps/web/src/entry-server.tsx, loaded by
 * the server with a dynamic import) say to each other: one definition for both sides
 * (docs/architecture.md, "Pages").
 */

/** One read a page's loader asks for: an API path (under /api), and whether its answer is paged. */
export interface PageReadRequest {
  path: string;
  paged?: boolean;
}

/**
 * Reads API paths (under /api) as the page's reader, or as a visitor: the answer of each that
 * answered 200, by path (a paged one as `{ items, total }`). Given by the server, which makes the
 * same requests the browser would.
 */
export type ReadAsReader = (reads: PageReadRequest[]) => Promise<Record<string, unknown>>;

export interface RenderOptions {
  /** The reader's session (get-session's answer), for a page rendered for its reader. */
  session?: SessionAnswer;
  /** When the page is rendered (ms since the epoch): its "now", which the browser uses too. */
  renderedAt?: number;
  /** Aborts a render that takes too long; the render then fails. */
  signal?: AbortSignal;
}

/** A page rendered on the server. */
export interface RenderedPage {
  /**
   * Tags React hoists out of the page for the document's head: the preload of an image rendered
   * with `fetchPriority="high"` (the page's largest image, fetched before the stylesheet).
   */
  head: string;
  /** The page, for `<div id="root">`. */
  body: string;
  /**
   * The answers its loaders read, as the query cache dehydrates them (TanStack Query's
   * `DehydratedState`), for the browser to start from; undefined when they read nothing.
   */
  queries?: unknown;
}

/**
 * The renderer's one export: `url`'s page, its loaders' reads answered by `read`; for the reader
 * of `options.session` when given. Rejects when any part of the page failed to render.
 */
export type RenderPage = (
  url: string,
  read: ReadAsReader,
  options?: RenderOptions,
) => Promise<RenderedPage>;

/**
 * What the web build writes for the server about the pages it renders (`route-preload.json`): by
 * route pattern, the URLs of the page's code beyond the entry (scripts, then stylesheets), and
 * under this name those of the parts of the site's frame only a signed-in reader sees.
 */
export const SIGNED_IN_FRAME = 'signed-in frame';
