import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { RequireAuth } from './require-auth';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>Login page, came from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

const routes = [
  {
    element: <RequireAuth />,
    children: [{ path: '/dashboard/myOrder', element: <p>My orders</p> }],
  },
  { path: '/login', element: <LoginProbe /> },
];

describe('RequireAuth', () => {
  beforeEach(() => fakeAuth.reset());

  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, '/dashboard/myOrder?page=2');

    expect(
      await screen.findByText('Login page, came from /dashboard/myOrder?page=2'),
    ).toBeInTheDocument();
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
    // `replace`: going back must not return to the guarded page and bounce again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a spinner while the session is loading', () => {
    fakeAuth.session = { data: null, isPending: true };
    renderRoutes(routes, '/dashboard/myOrder');

    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByText(/Login page/)).not.toBeInTheDocument();
  });

  describe('with pageWhileChecking', () => {
    const early = [{ ...routes[0]!, element: <RequireAuth pageWhileChecking /> }, routes[1]!];

    it('shows the page while the session loads', () => {
      fakeAuth.session = { data: null, isPending: true };
      renderRoutes(early, '/dashboard/myOrder');
      expect(screen.getByText('My orders')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('still sends a signed-out visitor to /login', async () => {
      renderRoutes(early, '/dashboard/myOrder');
      expect(
        await screen.findByText('Login page, came from /dashboard/myOrder'),
      ).toBeInTheDocument();
      expect(screen.queryByText('My orders')).not.toBeInTheDocument();
    });
  });

  it('shows the page to a signed-in user', () => {
    fakeAuth.session = signedInAs('Ada Lovelace');
    renderRoutes(routes, '/dashboard/myOrder');

    expect(screen.getByText('My orders')).toBeInTheDocument();
  });
});
