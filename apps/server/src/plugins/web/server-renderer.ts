import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialData } from '@voltforge/contract/initial-data';
import { importWithScopedAsyncStorage } from '../../adapters/react-dom-server.ts';
import type { RenderedPage } from './page-html.ts';

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built into dist/ssr/): a page's
 * HTML from its URL and first data, as the browser's first render makes it.
 */
export interface ServerRenderer {
  render(
    url: string,
    data: InitialData | undefined,
    options?: { signal?: AbortSignal },
  ): Promise<RenderedPage>;
  /**
   * A signed-in page for the reader of `session`, whose reads `read` answers (entry-server.tsx);
   * without it, signed-in pages are painted by the browser.
   */
  renderSignedIn?: (
    url: string,
    session: unknown,
    read: ReadAsReader,
    renderedAt: number,
    options?: { signal?: AbortSignal; data?: InitialData },
  ) => Promise<RenderedSignedInPage>;
}

/** Reads API paths (under /api) as the page's reader: each answer that was a 200, by path. */
export type ReadAsReader = (paths: string[]) => Promise<Record<string, unknown>>;

/** A signed-in page and the query answers it was rendered with (a `DehydratedState`). */
export interface RenderedSignedInPage extends RenderedPage {
  queries: unknown;
}

/** Where the web build puts the server renderer, relative to its dist directory. */
export const SERVER_RENDERER_FILE = join('ssr', 'entry-server.js');

/**
 * The server renderer of the web build in `distDir`, loaded on its first render rather than at
 * start (its module takes about 55 ms of CPU to load; the start of the server is kept under
 * 1.5 s). Undefined (logged) when the build has none: the pages are then served as before,
 * painted by the browser. A module that does not load fails each render, which serves the page
 * without its HTML and logs why.
 */
export function serverRendererOf(
  distDir: string,
  log: FastifyBaseLogger,
): ServerRenderer | undefined {
  const file = join(distDir, SERVER_RENDERER_FILE);
  if (!existsSync(file)) {
    if (existsSync(join(distDir, 'index.html'))) {
      log.warn({ file }, 'the web build has no server renderer: pages are painted by the browser');
    }
    return undefined;
  }
  let loaded: Promise<Required<ServerRenderer>> | undefined;
  const load = () =>
    (loaded ??= importWithScopedAsyncStorage(
      () => import(pathToFileURL(file).href) as Promise<Partial<ServerRenderer>>,
    ).then((module) => {
      const { render, renderSignedIn } = module;
      if (typeof render !== 'function' || typeof renderSignedIn !== 'function') {
        throw new Error(`the server renderer ${file} exports no render or renderSignedIn function`);
      }
      return { render, renderSignedIn };
    }));
  return {
    render: async (...args) => (await load()).render(...args),
    renderSignedIn: async (...args) => (await load()).renderSignedIn(...args),
  };
}

/** A render that takes longer than this is given up, and the page served without it. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * Runs `render` with a signal that aborts it past the time limit; undefined (logged) when it
 * fails or times out.
 */
async function bounded<T>(
  render: (signal: AbortSignal) => Promise<T>,
  url: string,
  log: FastifyBaseLogger,
): Promise<T | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('server rendering timed out')),
    RENDER_TIMEOUT_MS,
  );
  try {
    return await render(controller.signal);
  } catch (error) {
    log.error({ err: error, url }, 'server rendering failed: serving the page without it');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A signed-in page's HTML for its reader, from a public page's first data when it is one of them
 * too (through JSON, as `renderBody`'s); undefined (logged) when rendering fails or times out.
 */
export function renderSignedInBody(
  renderer: ServerRenderer,
  url: string,
  reader: { session: unknown; read: ReadAsReader },
  renderedAt: number,
  log: FastifyBaseLogger,
  data?: InitialData,
): Promise<RenderedSignedInPage | undefined> {
  const { renderSignedIn } = renderer;
  if (!renderSignedIn) return Promise.resolve(undefined);
  const asJson = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as InitialData);
  return bounded(
    (signal) =>
      renderSignedIn(url, reader.session, reader.read, renderedAt, { signal, data: asJson }),
    url,
    log,
  );
}

/**
 * The page's HTML from the renderer, undefined (logged) when rendering fails or times out. The
 * data goes through JSON first: the browser renders from the JSON in the page, so the server
 * must render from exactly that (dates as strings).
 */
export async function renderBody(
  renderer: ServerRenderer,
  url: string,
  data: InitialData | undefined,
  log: FastifyBaseLogger,
): Promise<RenderedPage | undefined> {
  const asJson = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as InitialData);
  return bounded((signal) => renderer.render(url, asJson, { signal }), url, log);
}
