/**
 * The server's renderer of public pages (docs/decisions/007-server-rendering.md): the same
 * providers and routes as main.tsx, with React Router's StaticRouter at the page's URL and a
 * query cache of its own seeded from the page's first data, rendered to HTML once every lazy
 * part has loaded. The browser then hydrates that HTML instead of painting from an empty root.
 * Built by `vite build --ssr` into dist/ssr/; the server loads it when it renders its first page
 * (serverRendererOf in the server's plugins/web.ts).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { InitialData } from '@voltforge/contract/initial-data';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoutes } from './app/router';
import { seedQueryCache } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

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
  let failure: unknown;
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Providers client={client} renderedAt={data?.renderedAt}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </StrictMode>,
      {
        signal: options.signal,
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
    if (options.signal?.aborted) throw new Error('server rendering was aborted');
    const html = Buffer.concat(chunks).toString('utf8');
    const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
    return { head, body: html.slice(head.length) };
  } finally {
    client.clear();
  }
}
