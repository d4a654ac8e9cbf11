import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HydrationModule from './hydration';
import type * as QueryClientModule from '../api/query-client';

let hydration: typeof HydrationModule;
let createQueryClient: typeof QueryClientModule.createQueryClient;

beforeEach(async () => {
  // Each test starts from a page that has not begun hydrating.
  vi.resetModules();
  hydration = await import('./hydration');
  ({ createQueryClient } = await import('../api/query-client'));
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  vi.useRealTimers();
});

function renderWith(client: QueryClient, page: ReactNode) {
  return render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

/** A page reading the stock, its data stale at once (as a tool's stock is). */
function Stock({ read }: { read: () => Promise<number> }) {
  const { data } = useQuery({ queryKey: ['stock'], queryFn: read, staleTime: 0 });
  return <p>stock {data ?? '…'}</p>;
}

describe('reads while a server-rendered page hydrates', () => {
  it('refetches stale data the page was rendered with once it is hydrated, not while', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    client.setQueryData(['stock'], 140);
    const read = vi.fn(() => Promise.resolve(139));

    hydration.hydrationStarts();
    renderWith(client, <Stock read={read} />);
    expect(screen.getByText('stock 140')).toBeTruthy();
    await act(() => vi.runAllTimersAsync());
    expect(read).not.toHaveBeenCalled();

    hydration.pageHydrated();
    expect(document.getElementById('root')?.hasAttribute('data-hydrated')).toBe(true);
    // In a task of its own, not in the one that ended hydration.
    expect(read).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByText('stock 139')).toBeTruthy();
  });

  it('refetches stale data on mount as usual when nothing is hydrating', async () => {
    const client = createQueryClient();
    client.setQueryData(['stock'], 140);
    const read = vi.fn(() => Promise.resolve(139));
    renderWith(client, <Stock read={read} />);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('stock 139')).toBeTruthy();
  });

  it('fetches at once what the page has no data for, hydrating or not', () => {
    const client = createQueryClient();
    const read = vi.fn(() => Promise.resolve(7));
    hydration.hydrationStarts();
    renderWith(client, <Stock read={read} />);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('asks for a read the page was rendered without once hydrated, not inside hydration', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const read = vi.fn(() => Promise.resolve(3));
    function Intent() {
      const { data } = useQuery({
        queryKey: ['intent'],
        queryFn: read,
        enabled: hydration.useHydrated(),
      });
      return <p>intent {data ?? 'not yet'}</p>;
    }
    hydration.hydrationStarts();
    renderWith(client, <Intent />);
    await act(() => vi.runAllTimersAsync());
    expect(read).not.toHaveBeenCalled();
    hydration.pageHydrated();
    await act(() => vi.runAllTimersAsync());
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByText('intent 3')).toBeTruthy();
  });

  it('runs work asked for after hydration at once', () => {
    const work = vi.fn();
    hydration.afterHydration(work);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
