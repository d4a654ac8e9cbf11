import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { signInPopup } from './popup-sign-in';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('./popup-sign-in', () => ({ signInPopup: vi.fn() }));

const popup = vi.mocked(signInPopup);

function Landing() {
  const { pathname } = useLocation();
  return <p>Landed on {pathname}</p>;
}

function renderAt(path: string, state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <Landing /> },
    ],
    state === undefined ? path : { pathname: path, state },
  );
}

function offerProviders(providers: { google: boolean; facebook: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(providers)),
  );
}

const fromAddReview = { from: { pathname: '/dashboard/addReview', search: '', hash: '' } };

/** The red message must sit above the page's submit button (spec: Login and Register). */
async function expectErrorAboveSubmit(text: string, submit: 'Login' | 'Register' = 'Login') {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(text);
  expect(alert).toHaveClass('text-error');
  const button = screen.getByRole('button', { name: submit });
  expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('Continue with Google / Facebook', () => {
  beforeEach(() => {
    fakeAuth.reset();
    popup.mockReset();
    offerProviders({ google: true, facebook: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in through the popup, with a spinner meanwhile, and returns to where the user came from', async () => {
    const user = userEvent.setup();
    let finish: (value: Awaited<ReturnType<typeof signInPopup>>) => void = () => undefined;
    popup.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAt('/login', fromAddReview);

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    expect(popup).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/dashboard/addReview',
      errorCallbackURL: '/login?provider=google&next=%2Fdashboard%2FaddReview',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Signing in');
    fakeAuth.session = signedInAs('Grace Hopper');
    finish({ error: null });
    expect(await screen.findByText('Landed on /dashboard/addReview')).toBeInTheDocument();
  });

  it('falls back to a full-page redirect when the browser blocks the popup', async () => {
    const user = userEvent.setup();
    popup.mockResolvedValue({
      error: { code: 'POPUP_BLOCKED', message: 'The browser blocked the sign-in window.' },
    });
    fakeAuth.client.signIn.social.mockResolvedValue({
      data: { url: 'https://accounts.google.com/o/oauth2/v2/auth', redirect: true },
      error: null,
    });
    renderAt('/register');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Facebook' }, { timeout: 8_000 }),
    );

    expect(fakeAuth.client.signIn.social).toHaveBeenCalledWith({
      provider: 'facebook',
      callbackURL: '/',
      errorCallbackURL: '/register?provider=facebook',
    });
    // The browser is on its way to the provider: the spinner stays, no error shows.
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['POPUP_CLOSED', 'The Google sign-in window was closed before you finished. Please try again.'],
    ['access_denied', 'You cancelled the sign-in with Google.'],
    [
      'account_not_linked',
      'An account with this email already exists with a different sign-in method.',
    ],
    ['BANNED_USER', 'This account has been disabled.'],
    ['INVALID_ORIGIN', 'Sign-in with Google is not allowed from this web address.'],
    ['state_not_found', 'The sign-in with Google was interrupted or took too long.'],
    ['unable_to_get_user_info', 'Sign-in with Google did not work.'],
  ])('explains a popup that ends with %s in clear words', async (code, words) => {
    const user = userEvent.setup();
    popup.mockResolvedValue({ error: { code, message: code } });
    renderAt('/login');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    await expectErrorAboveSubmit(words);
    // The form is back, ready for another try.
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says the popup was blocked when the redirect fallback fails too', async () => {
    const user = userEvent.setup();
    popup.mockResolvedValue({ error: { code: 'POPUP_BLOCKED', message: 'blocked' } });
    fakeAuth.client.signIn.social.mockResolvedValue({
      data: null,
      error: { code: 'POPUP_BLOCKED', message: 'blocked' },
    });
    renderAt('/login');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    await expectErrorAboveSubmit(
      'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
    );
  });

  it('explains a network failure in plain words', async () => {
    const user = userEvent.setup();
    popup.mockResolvedValue({ error: { code: 'POPUP_BLOCKED', message: 'blocked' } });
    fakeAuth.client.signIn.social.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/register');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    await expectErrorAboveSubmit(
      'Could not reach the server. Check your connection and try again.',
      'Register',
    );
  });

  it('offers only the providers the shop has configured, and none when it has none', async () => {
    offerProviders({ google: true, facebook: false });
    const { unmount } = renderAt('/login');
    expect(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Continue with Facebook' }),
    ).not.toBeInTheDocument();
    unmount();

    offerProviders({ google: false, facebook: false });
    renderAt('/register');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/auth-providers', expect.anything()),
    );
    await screen.findByRole('button', { name: 'Register' });
    expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('OR')).not.toBeInTheDocument();
    expect(popup).not.toHaveBeenCalled();
  });

  it('shows the words for a failed redirect sign-in that came back with ?error=', async () => {
    renderAt('/login?error=access_denied&provider=google');
    await expectErrorAboveSubmit('You cancelled the sign-in with Google.');
  });

  it('shows them on the register page too', async () => {
    renderAt('/register?error=account_not_linked&provider=facebook');
    await expectErrorAboveSubmit(
      'An account with this email already exists with a different sign-in method.',
      'Register',
    );
  });

  it('still returns to where the user came from when they retry after a failed redirect', async () => {
    const user = userEvent.setup();
    popup.mockImplementation(async () => {
      fakeAuth.session = signedInAs('Grace Hopper');
      return { error: null };
    });
    renderAt('/login?error=access_denied&provider=google&next=%2Fdashboard%2FmyOrder');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    expect(await screen.findByText('Landed on /dashboard/myOrder')).toBeInTheDocument();
  });

  it('never follows a next= that leaves the site', async () => {
    const user = userEvent.setup();
    popup.mockImplementation(async () => {
      fakeAuth.session = signedInAs('Grace Hopper');
      return { error: null };
    });
    renderAt('/login?next=%2F%2Fevil.example%2Fphish');

    await user.click(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 8_000 }),
    );

    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(popup).toHaveBeenCalledWith(expect.objectContaining({ callbackURL: '/' }));
  });
});
