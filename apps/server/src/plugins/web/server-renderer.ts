import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ReadAsReader,
  RenderPage,
  RenderedPage,
  RenderOptions,
} from '@voltforge/contract/page-render';
import { importWithScopedAsyncStorage } from '../../adapters/react-dom-server.ts';

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built into dist/ssr/): a page's
 * HTML from its URL, its loaders' reads answered by `read`, as the browser's first render makes
 * it; for the reader of `session` when one is given.
 */
export interface ServerRenderer {
  render: RenderPage;
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
  let loaded: Promise<ServerRenderer> | undefined;
  const load = () =>
    (loaded ??= importWithScopedAsyncStorage(
      () => import(pathToFileURL(file).href) as Promise<Partial<ServerRenderer>>,
    ).then(({ render }) => {
      if (typeof render !== 'function') {
        throw new Error(`the server renderer ${file} exports no render function`);
      }
      return { render };
    }));
  return { render: async (...args) => (await load()).render(...args) };
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
 * The page's HTML from the renderer, its loaders' reads answered by `read`; for the reader of
 * `session` when given. Undefined (logged) when rendering fails or times out.
 */
export function renderPageBody(
  renderer: ServerRenderer,
  url: string,
  read: ReadAsReader,
  log: FastifyBaseLogger,
  options: Omit<RenderOptions, 'signal'> = {},
): Promise<RenderedPage | undefined> {
  return bounded((signal) => renderer.render(url, read, { ...options, signal }), url, log);
}
