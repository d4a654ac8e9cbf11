import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api/query-client';
import { fakeAuth } from '../test/fake-auth-client';
import { pages } from '../lib/pages';
import { AppRoutes, routes } from './router';

vi.mock('../lib/auth/auth-client', async () => ({
  authClient: (await import('../test/fake-auth-client')).fakeAuth.client,
}));

// Stands in for a page chunk that cannot be fetched (offline, or removed by a new release).
vi.mock('../features/company/about-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: about-page.js');
});

/** The first visit to a lazy page compiles its module in the test run, which can take a while. */
const LAZY_TIMEOUT = 5000;

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

/** The app's route table as main.tsx renders it, in a memory router. */
function renderApp(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('app routes', () => {
  beforeEach(() => {
    fakeAuth.reset();
    // jsdom has no scrolling; the root layout scrolls to the top on every navigation.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('shows a friendly message, inside the site frame, when a page fails to load', async () => {
    // React reports the error it hands to the boundary; here that is the expected outcome.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/about');

    // The exact wording depends on the browser's import error; any route error gets the frame.
    const alert = await screen.findByRole('alert', {}, { timeout: LAZY_TIMEOUT });
    expect(within(alert).getByRole('heading')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltforge' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalled();
  });

  it('shows the not-found page for an unknown address', async () => {
    renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: LAZY_TIMEOUT }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | Voltforge'));
  });

  it('sends a signed-out visitor from an admin page to /login', async () => {
    renderApp('/dashboard/users');

    expect(
      await screen.findByRole('heading', { name: 'Login' }, { timeout: LAZY_TIMEOUT }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/login');
  });
});

/** The full pattern of every page the route table serves (layouts without a path add nothing). */
function servedPatterns(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    const here = route.path || route.index ? [own] : [];
    return [...here, ...servedPatterns(route.children ?? [], own)];
  });
}

describe('paths', () => {
  it('names exactly the pages the router serves', () => {
    const served = [...new Set(servedPatterns(routes, '/'))].sort();
    expect(served).toEqual([...new Set(Object.values(pages).map((page) => page.path))].sort());
  });
});
