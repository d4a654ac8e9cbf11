import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { DashboardLayout } from './dashboard-layout';
import { RootLayout } from './root-layout';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

describe('drawer menus', () => {
  beforeEach(() => {
    fakeAuth.reset();
    fakeAuth.session = signedInAs('Ada Lovelace');
  });

  it('moves focus into the site menu when it opens, and back to its button when it closes', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '*', element: <RootLayout>page</RootLayout> }], '/blog');

    const open = screen.getByRole('button', { name: 'Open menu' });
    await user.click(open);
    // The menu's code loads on the first open.
    const menu = await screen.findByRole('navigation', { name: 'Site menu' }, { timeout: 10_000 });
    await waitFor(() => expect(within(menu).getAllByRole('link')[0]).toHaveFocus());

    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Site menu' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('moves focus into the dashboard menu, and back to its button on Escape', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true }] }],
      '/dashboard',
    );

    const open = screen.getByRole('button', { name: 'Dashboard menu' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getAllByRole('link')[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
  });
});
