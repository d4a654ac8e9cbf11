import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { authMessages, wrongOriginMessage } from '@voltforge/contract/user';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { LoginPage } from './login-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

function Landing() {
  return <p>Landed on {useLocation().pathname}</p>;
}

function renderLogin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Landing /> },
    ],
    { pathname: '/login', state },
  );
}

const messages = [
  'Email is required',
  'password is required',
  'Provide a valid Email',
  'password must be 6 characters or longer',
];

describe('LoginPage', () => {
  beforeEach(() => {
    fakeAuth.reset();
    // The social buttons ask which providers the shop has (GET /api/auth-providers).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ google: true, facebook: false })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each validation message on submit, and not before', async () => {
    const user = userEvent.setup();
    renderLogin();

    for (const message of messages) expect(screen.queryByText(message)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    // Still the old messages: validation runs on submit only.
    expect(screen.queryByText('Provide a valid Email')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('password must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Provide a valid Email');
    expect(fakeAuth.client.signIn.email).not.toHaveBeenCalled();
  });

  it('says "Incorrect email or password." above the button when the server refuses', async () => {
    const user = userEvent.setup();
    fakeAuth.client.signIn.email.mockResolvedValue({
      data: null,
      error: {
        status: 401,
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      },
    });
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect email or password.');
    const loginButton = screen.getByRole('button', { name: 'Login' });
    expect(
      alert.compareDocumentPosition(loginButton) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it.each([
    [
      'the account is locked after too many failures',
      { status: 429, code: 'TOO_MANY_FAILED_SIGN_INS', message: authMessages.tooManyFailedSignIns },
      authMessages.tooManyFailedSignIns,
    ],
    [
      'the shop was opened at an address it does not answer at',
      { status: 403, code: 'INVALID_ORIGIN', message: wrongOriginMessage('http://localhost:3000') },
      'This shop answers at http://localhost:3000 — open it there, or set PUBLIC_URL.',
    ],
  ])("shows the server's words when %s", async (_case, error, shown) => {
    const user = userEvent.setup();
    fakeAuth.client.signIn.email.mockResolvedValue({ data: null, error });
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'some-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('signs in and returns to the page the user came from', async () => {
    const user = userEvent.setup();
    fakeAuth.client.signIn.email.mockImplementation(async () => {
      fakeAuth.session = signedInAs('Ada Lovelace');
      return { data: { user: {} }, error: null };
    });
    renderLogin({ from: { pathname: '/dashboard/addReview', search: '', hash: '' } });

    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Landed on /dashboard/addReview')).toBeInTheDocument();
    expect(fakeAuth.client.signIn.email).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
  });

  it('replaces the form with a spinner while signing in', async () => {
    const user = userEvent.setup();
    fakeAuth.client.signIn.email.mockReturnValue(new Promise(() => {}));
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Signing in');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the spinner before the sign-in call starts, not a render later', async () => {
    const user = userEvent.setup();
    let spinnerWhenCalled: boolean | undefined;
    fakeAuth.client.signIn.email.mockImplementation(() => {
      spinnerWhenCalled = screen.queryByRole('status') !== null;
      return new Promise(() => {});
    });
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(fakeAuth.client.signIn.email).toHaveBeenCalled());
    expect(spinnerWhenCalled).toBe(true);
  });

  it('fetches the sign-in code when the form is first used, or sent before hydration', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(fakeAuth.client.preload).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Email'));
    expect(fakeAuth.client.preload).toHaveBeenCalled();

    fakeAuth.client.preload.mockClear();
    // What the boot script (src/boot/held-taps.ts) announces when it holds a tap or a send made before hydration.
    document.dispatchEvent(new Event('voltforge:held'));
    expect(fakeAuth.client.preload).toHaveBeenCalled();
  });

  it('explains a network failure in plain words', async () => {
    const user = userEvent.setup();
    fakeAuth.client.signIn.email.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('links to registration', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });
});
