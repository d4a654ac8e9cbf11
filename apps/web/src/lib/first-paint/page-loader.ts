import type { QueryKey } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import type { SessionAnswer } from '@voltforge/contract/session-answer';

/**
 * A query a page's loader names: its key, and the API path its data is the answer of
 * (`meta.read`; `meta.paged` when the answer is one page of a list, its total in X-Total-Count).
 */
export interface PageRead {
  queryKey: QueryKey;
  meta?: { read?: string; paged?: boolean };
}

/**
 * What the server gives a page's loader (docs/architecture.md, "Pages"): the reader's session,
 * if the page is rendered for one, and `read`, which reads the named queries' paths through the
 * API as that reader (or as a visitor) and puts the answers in the page's query cache.
 */
export interface PageLoadContext {
  session: SessionAnswer | undefined;
  read(queries: readonly PageRead[]): Promise<void>;
}

/** The `loader` a page's module exports, if any. */
export function loaderOf(module: unknown): LoaderFunction | undefined {
  const loader = (module as { loader?: unknown }).loader;
  return typeof loader === 'function' ? (loader as LoaderFunction) : undefined;
}

/** What a page's reads are worked out from. */
export interface PageLoadArgs {
  params: Params;
  url: URL;
  /** The signed-in reader, when the page is rendered for one. */
  user: { id: string; email: string; role: unknown } | undefined;
}

/**
 * A page's loader: the queries its first render reads, which the server reads before rendering
 * it once (React Router's `createStaticHandler` runs it, entry-server.tsx). The browser keeps
 * its own router and reads the same queries itself on a navigation, so a page declares its
 * loader for the server's build only, which leaves it out of the browser's code:
 * `export const loader = import.meta.env.SSR ? pageLoader(…) : undefined`.
 */
export function pageLoader(reads: (args: PageLoadArgs) => readonly PageRead[]): LoaderFunction {
  return async ({ params, request, context }) => {
    const page = context as unknown as PageLoadContext;
    const user = page.session?.user;
    await page.read(
      reads({
        params,
        url: new URL(request.url),
        user:
          typeof user?.id === 'string' && typeof user.email === 'string'
            ? { id: user.id, email: user.email, role: user.role }
            : undefined,
      }),
    );
    return null;
  };
}
