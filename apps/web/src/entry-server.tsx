/**
 * The server's renderer of pages (docs/decisions/007-server-rendering.md): the same providers and
 * routes as main.tsx, with React Router's StaticRouter at the page's URL and a query cache of its
 * own filled by the page's loaders, rendered to HTML once every lazy part has loaded. The browser
 * then hydrates that HTML instead of painting from an empty root. Built by `vite build --ssr`
 * into dist/ssr/; the server loads it when it renders its first page (serverRendererOf in the
 * server's plugins/web/server-renderer.ts).
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, StaticRouter } from 'react-router';
import type { RenderPage, RenderedPage } from '@voltforge/contract/page-render';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoutes, routes } from './app/router';
import { sessionStateOf } from './lib/auth/auth-client';
import type { PageLoadContext, PageRead } from './lib/first-paint/page-loader';
import { createQueryClient } from './lib/api/query-client';
import type { SessionState } from './lib/auth/rendered-session';

/** React writes the resources it hoists (`<link rel="preload">`) before the page itself. */
const LEADING_HEAD_TAGS = /^(?:<link\b[^>]*>)*/;

/** A page asks for a handful of reads; more than this are left for the browser to make. */
const MAX_READS = 12;

/** The router's data API over the app's routes: matches a URL and runs its pages' loaders. */
let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The HTML of `url`'s page as the browser's first render will produce it from the same data
 * (docs/architecture.md, "Pages"). React Router's static handler runs the loaders of the routes
 * the URL matches (the site frame's, the page's): each names the queries its first render reads,
 * `read` answers them, and the page is rendered once with those answers, which go with the HTML.
 * Without a session the page is everyone's, rendered with the session "being checked"; with
 * one it is that reader's alone. Rejects when any part of the page failed to render, so the
 * server can serve the page without it rather than HTML the browser would discard.
 */
export const render: RenderPage = async (url, read, options = {}) => {
  const { session, renderedAt, signal } = options;
  const client = createQueryClient();
  const rendered = session === undefined ? undefined : sessionStateOf(session);
  const asked = new Set<string>();
  const context: PageLoadContext = {
    session,
    async read(queries) {
      const wanted = queries.filter(
        (query): query is PageRead & { meta: { read: string } } =>
          typeof query.meta?.read === 'string' && !asked.has(query.meta.read),
      );
      const room = MAX_READS - asked.size;
      const reads = wanted.slice(0, Math.max(room, 0));
      for (const query of reads) asked.add(query.meta.read);
      if (reads.length === 0) return;
      const answers = await untilAborted(
        read(reads.map((query) => ({ path: query.meta.read, paged: query.meta.paged }))),
        signal,
      );
      for (const query of reads) {
        if (Object.hasOwn(answers, query.meta.read)) {
          client.setQueryData(query.queryKey, answers[query.meta.read], { updatedAt: renderedAt });
        }
      }
    },
  };
  try {
    handler ??= createStaticHandler(routes);
    const [loaded] = await Promise.all([
      handler.query(new Request(new URL(url, 'http://localhost')), { requestContext: context }),
      preloadRoutes(new URL(url, 'http://localhost').pathname),
    ]);
    if (loaded instanceof Response) throw new Error(`${url}: a loader answered ${loaded.status}`);
    const failed: unknown = loaded.errors && Object.values(loaded.errors)[0];
    if (failed !== undefined && failed !== null) {
      throw failed instanceof Error ? failed : new Error(`${url}: a loader failed`);
    }
    const page = await prerenderPage(client, url, renderedAt, rendered, signal);
    return asked.size === 0 ? page : { ...page, queries: dehydrate(client) };
  } finally {
    client.clear();
  }
};

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
