import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPageAt, slow } from '../../test/page-harness';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

/** Form filling with user-event is slow on a busy two-core machine. */
const SLOW_TEST_MS = 15_000;

type Session = { user: { email: string } } | null;

/** The session as the page reads it; `resetPassword` here signs in the way the server does. */
const authClient = vi.hoisted(() => ({
  session: null as Session,
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  useSession() {
    return { data: this.session, isPending: false, error: null };
  },
}));
vi.mock('../../lib/auth/auth-client', () => ({ authClient }));

const toast = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../lib/page/toast', () => ({ toast }));

beforeEach(() => {
  authClient.session = null;
  authClient.requestPasswordReset.mockReset();
  authClient.resetPassword.mockReset();
  toast.success.mockReset();
});

describe('ForgotPasswordPage', () => {
  it(
    'checks the address, then answers the same way for any address',
    async () => {
      authClient.requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
      const user = userEvent.setup();
      renderPageAt('/forgot-password', <ForgotPasswordPage />, '/forgot-password');

      await user.click(await screen.findByRole('button', { name: 'Send me a reset link' }, slow));
      expect(await screen.findByText('Email is required')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Email'), 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));
      expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
      expect(authClient.requestPasswordReset).not.toHaveBeenCalled();

      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
      await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'If an account uses ada@example.com, we have sent it a link to choose a new password.',
      );
      expect(authClient.requestPasswordReset).toHaveBeenCalledWith({
        email: 'ada@example.com',
        redirectTo: '/reset-password',
      });
    },
    SLOW_TEST_MS,
  );
});

describe('ResetPasswordPage', () => {
  it(
    'asks for the password twice with the register rules, saves it with the token, and goes on signed in',
    async () => {
      authClient.resetPassword.mockImplementation(() => {
        authClient.session = { user: { email: 'ada@example.com' } };
        return Promise.resolve({ data: { status: true }, error: null });
      });
      const user = userEvent.setup();
      renderPageAt('/reset-password', <ResetPasswordPage />, '/reset-password?token=tok123');

      const save = await screen.findByRole('button', { name: 'Save the new password' }, slow);
      await user.type(screen.getByLabelText('New password'), '12345');
      await user.click(save);
      expect(
        await screen.findByText('password must be 6 characters or longer'),
      ).toBeInTheDocument();
      expect(screen.getByText('Type the new password again')).toBeInTheDocument();

      await user.clear(screen.getByLabelText('New password'));
      await user.type(screen.getByLabelText('New password'), 'new-secret-1');
      await user.type(screen.getByLabelText('New password again'), 'new-secret-2');
      await user.click(save);
      expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
      expect(authClient.resetPassword).not.toHaveBeenCalled();

      await user.clear(screen.getByLabelText('New password again'));
      await user.type(screen.getByLabelText('New password again'), 'new-secret-1');
      await user.click(save);
      expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
      expect(toast.success).toHaveBeenCalledWith(
        'Your password was changed and you are signed in. Every other session of your account has ended.',
        { toastId: 'password-reset' },
      );
      expect(authClient.resetPassword).toHaveBeenCalledWith({
        newPassword: 'new-secret-1',
        token: 'tok123',
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'offers the login when the browser kept no session after the reset',
    async () => {
      authClient.resetPassword.mockResolvedValue({ data: { status: true }, error: null });
      const user = userEvent.setup();
      renderPageAt('/reset-password', <ResetPasswordPage />, '/reset-password?token=tok123');
      await user.type(await screen.findByLabelText('New password', {}, slow), 'new-secret-1');
      await user.type(screen.getByLabelText('New password again'), 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Save the new password' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed');
      expect(screen.getByRole('link', { name: 'Login with the new password' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(toast.success).not.toHaveBeenCalled();
    },
    SLOW_TEST_MS,
  );

  it(
    'says when the link is dead and offers a new one',
    async () => {
      authClient.resetPassword.mockResolvedValue({
        data: null,
        error: { code: 'INVALID_TOKEN', message: 'Invalid token', status: 400 },
      });
      const user = userEvent.setup();
      renderPageAt('/reset-password', <ResetPasswordPage />, '/reset-password?token=used');
      await user.type(await screen.findByLabelText('New password', {}, slow), 'new-secret-1');
      await user.type(screen.getByLabelText('New password again'), 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Save the new password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This reset link is invalid, already used or expired. Ask for a new one.',
      );
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'explains a page opened without a token, or sent back with an error',
    async () => {
      const view = renderPageAt('/reset-password', <ResetPasswordPage />, '/reset-password');
      expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
        'This page needs the link from your reset mail.',
      );
      view.unmount();
      renderPageAt('/reset-password', <ResetPasswordPage />, '/reset-password?error=INVALID_TOKEN');
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid'),
      );
    },
    SLOW_TEST_MS,
  );
});
