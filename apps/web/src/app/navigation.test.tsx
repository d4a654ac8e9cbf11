import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRouter, useNavigationPending } from './navigation';

function Pending() {
  return useNavigationPending() ? <p>Loading the next page</p> : null;
}

describe('AppRouter', () => {
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
});
