import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { Navbar } from './navbar';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderNavbar(path = '/blog') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Navbar menuOpen={false} onOpenMenu={() => {}} />
            <Where />
          </>
        ),
      },
    ],
    path,
  );
}

describe('Navbar', () => {
  beforeEach(() => fakeAuth.reset());

  it('shows Login and the public links to a signed-out visitor', () => {
    renderNavbar();

    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(main.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/catagories');
    expect(main.getByRole('link', { name: 'Our Support Section' })).toHaveAttribute(
      'href',
      '/itSupport',
    );
    expect(main.getByRole('link', { name: 'Design and Development' })).toHaveAttribute(
      'href',
      '/design',
    );
    expect(main.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/tools');
    expect(main.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/#reviews');
    expect(main.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: 'Voltforge' })).toHaveAttribute('href', '/');
  });

  it('has the catalogue search in the bar and in the row under it, each with its own ids', () => {
    renderNavbar();

    // One of the two is shown at a time (the wide screen's or the narrow one's).
    const forms = screen.getAllByRole('search', { name: 'Catalogue' });
    expect(forms).toHaveLength(2);
    const boxes = forms.map((form) => within(form).getByRole('combobox', { name: 'Search tools' }));
    expect(new Set(boxes.map((box) => box.id)).size).toBe(2);
    for (const form of forms) expect(form).toHaveAttribute('action', '/tools');
  });

  it('shows the signed-in name, Dashboard and Log Out, and no Login', () => {
    fakeAuth.session = signedInAs('Ada Lovelace');
    renderNavbar();

    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows neither Login nor the name while the session is loading', () => {
    fakeAuth.session = { data: null, isPending: true };
    renderNavbar();

    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('logs out and goes home', async () => {
    const user = userEvent.setup();
    fakeAuth.session = signedInAs('Ada Lovelace');
    fakeAuth.client.signOut.mockResolvedValue({ data: { success: true }, error: null });
    renderNavbar('/blog');

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(fakeAuth.client.signOut).toHaveBeenCalledTimes(1);
  });

  it('opens the avatar menu with Profile (New), Settings and Logout', async () => {
    const user = userEvent.setup();
    fakeAuth.session = signedInAs('Ada Lovelace');
    renderNavbar();

    const accountButton = await screen.findByRole('button', { name: 'Account menu' });
    expect(accountButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(accountButton);

    expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile New' })).toHaveAttribute(
      'href',
      '/dashboard/updateProfile',
    );
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(accountButton).toHaveFocus();
  });
});
