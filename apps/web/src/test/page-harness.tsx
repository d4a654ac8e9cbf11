import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { vi } from 'vitest';
import { renderRoutes } from './render-route';

/** First renders can be slow on a busy two-core machine; wait for them generously. */
export const slow = { timeout: 8_000 };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const notFound = () => json(404, { error: { code: 'not_found', message: 'Not found.' } });

type FetchHandler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

/**
 * Replaces the global fetch: every call goes to `handle`, and what it does not answer gets the
 * server's 404. Returns the mock, to inspect the calls; undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(handle: FetchHandler) {
  const fetchMock = vi.fn(
    async (url: string, init?: RequestInit) => (await handle(url, init)) ?? notFound(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Landing() {
  return <p>Landed on {useLocation().pathname}</p>;
}

/**
 * Renders `element` on the route `path`, opened at `url`. Every other route shows
 * "Landed on <pathname>", so a test sees where the page navigated to.
 */
export function renderPageAt(path: string, element: ReactNode, url: string) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <Landing /> },
    ],
    url,
  );
}
