import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, useNavigationPending } from './navigation';
import { useScrollRestoration } from './scroll-restoration';

function Pending() {
  return useNavigationPending() ? <p>Loading the next page</p> : null;
}

function ScrollRestoration() {
  useScrollRestoration();
  return null;
}

describe('AppRouter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the current page, and says a navigation is pending, until the next page has loaded', async () => {
    window.history.replaceState(null, '', '/first');
    let loaded: (page: { default: () => React.JSX.Element }) => void = () => {};
    const Second = lazy(
      () => new Promise<{ default: () => React.JSX.Element }>((r) => (loaded = r)),
    );
    const user = userEvent.setup();
    render(
      <AppRouter>
        <Pending />
        <Suspense fallback={<p>First load</p>}>
          <Routes>
            <Route path="/first" element={<Link to="/second">First page</Link>} />
            <Route path="/second" element={<Second />} />
          </Routes>
        </Suspense>
      </AppRouter>,
    );

    await user.click(screen.getByRole('link', { name: 'First page' }));
    expect(await screen.findByText('Loading the next page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByText('First load')).not.toBeInTheDocument();

    await act(async () => loaded({ default: () => <h1>Second page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the next page')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/second');
  });

  it('starts a new page at the top, and Back returns to where the last one was left', async () => {
    window.history.replaceState(null, '', '/first');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <AppRouter>
        <ScrollRestoration />
        <Routes>
          <Route path="/first" element={<Link to="/second">First page</Link>} />
          <Route path="/second" element={<h1>Second page</h1>} />
        </Routes>
      </AppRouter>,
    );
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);

    await user.click(screen.getByRole('link', { name: 'First page' }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'First page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
