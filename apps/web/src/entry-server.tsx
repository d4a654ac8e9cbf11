/**
 * The server's renderer of public pages (docs/decisions/007-server-rendering.md): the same
 * providers and routes as main.tsx, with React Router's StaticRouter at the page's URL and a
 * query cache of its own seeded from the page's first data, rendered to HTML once every lazy
 * part has loaded. The browser then hydrates that HTML instead of painting from an empty root.
 * Built by `vite build --ssr` into dist/ssr/; the server loads it when it renders its first page
 * (serverRendererOf in the server's plugins/web.ts).
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { InitialData } from '@voltforge/contract/initial-data';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoutes } from './app/router';
import { sessionStateOf } from './lib/auth/auth-client';
import { seedQueryCache } from './lib/first-paint/initial-data';
import { createQueryClient } from './lib/api/query-client';
import type { SessionState } from './lib/auth/rendered-session';

export interface RenderedPage {
  /**
   * Tags React hoists out of the page for the document's head: the preload of an image rendered
   * with `fetchPriority="high"` (the page's largest image, fetched before the stylesheet).
   */
  head: string;
  /** The page, for `<div id="root">`. */
  body: string;
}

/** React writes the resources it hoists (`<link rel="preload">`) before the page itself. */
const LEADING_HEAD_TAGS = /^(?:<link\b[^>]*>)*/;

export interface RenderOptions {
  /** Aborts a render that takes too long; the render then fails. */
  signal?: AbortSignal;
}

export interface SignedInRenderOptions extends RenderOptions {
  /**
   * A public page's first data, everyone's (the home page's tools and reviews): the reader's page
   * starts from it, and reads only what is theirs (their cart) as the reader.
   */
  data?: InitialData;
}

/**
 * The HTML of `url`'s page as the browser's first render will produce it from the same data:
 * signed out (the server does not read sessions, so the HTML is the same for everyone and can be
 * cached), with the session "being checked". Rejects when any part of the page failed to render,
 * so the server can serve the page without it rather than HTML the browser would discard.
 */
export async function render(
  url: string,
  data: InitialData | undefined,
  options: RenderOptions = {},
): Promise<RenderedPage> {
  const client = createQueryClient();
  if (data) seedQueryCache(client, data);
  await preloadRoutes(new URL(url, 'http://localhost').pathname);
  try {
    return await prerenderPage(client, url, data?.renderedAt, undefined, options.signal);
  } finally {
    client.clear();
  }
}

/** A signed-in page rendered for its reader: the page, and the answers it was rendered with. */
export interface RenderedSignedInPage extends RenderedPage {
  /** The query cache's answers (TanStack Query's `DehydratedState`), for the browser to start from. */
  queries: unknown;
}

/**
 * Reads API paths (under /api) as the page's reader: the answer of each that answered 200, by
 * path. Given by the server, which makes the same requests the browser would.
 */
export type ReadAsReader = (paths: string[]) => Promise<Record<string, unknown>>;

/** More renders than this and the page is served as it then is: its later reads load in the browser. */
const MAX_SIGNED_IN_RENDERS = 3;

/**
 * The HTML of a signed-in page (`@voltforge/contract/signed-in-pages`) for the reader whose
 * session (get-session's answer) is given. Each render shows which queries the page asked for
 * (each names the API path it reads, `meta.read`): those are read with `read` and the page is
 * rendered again with their answers, until it asks for nothing new. The answers go with the HTML,
 * so the browser hydrates from the same data; the page is this reader's alone. A public page
 * rendered for a signed-in reader starts from its first data (`options.data`), which then goes
 * with the answers.
 */
export async function renderSignedIn(
  url: string,
  session: unknown,
  read: ReadAsReader,
  renderedAt: number,
  options: SignedInRenderOptions = {},
): Promise<RenderedSignedInPage> {
  const client = createQueryClient();
  if (options.data) seedQueryCache(client, options.data);
  const rendered = sessionStateOf(session);
  await preloadRoutes(new URL(url, 'http://localhost').pathname);
  const asked = new Set<string>();
  try {
    for (let renders = 1; ; renders++) {
      const page = await prerenderPage(client, url, renderedAt, rendered, options.signal);
      const wanted = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && query.meta?.read !== undefined)
        .filter((query) => !asked.has(query.meta?.read ?? ''));
      if (wanted.length === 0 || renders === MAX_SIGNED_IN_RENDERS) {
        return { ...page, queries: dehydrate(client) };
      }
      const paths = [...new Set(wanted.map((query) => query.meta?.read ?? ''))];
      for (const path of paths) asked.add(path);
      const answers = await untilAborted(read(paths), options.signal);
      let answered = 0;
      for (const query of wanted) {
        const path = query.meta?.read ?? '';
        if (Object.hasOwn(answers, path)) {
          client.setQueryData(query.queryKey, answers[path], { updatedAt: renderedAt });
          answered++;
        }
      }
      if (answered === 0) return { ...page, queries: dehydrate(client) };
    }
  } finally {
    client.clear();
  }
}

/** `promise`, or its rejection once `signal` aborts: a slow read ends with the render's time. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function prerenderPage(
  client: QueryClient,
  url: string,
  renderedAt: number | undefined,
  session: SessionState | undefined,
  signal: AbortSignal | undefined,
): Promise<RenderedPage> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client} renderedAt={renderedAt} session={session}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      signal,
      // Never split a large part of the page into a separate chunk: that needs inline scripts
      // to put it in place, which the shop's Content-Security-Policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  if (failure !== undefined) {
    throw failure instanceof Error
      ? failure
      : new Error('server rendering failed', { cause: failure });
  }
  if (signal?.aborted) throw new Error('server rendering was aborted');
  const html = Buffer.concat(chunks).toString('utf8');
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
