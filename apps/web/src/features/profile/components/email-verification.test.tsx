import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/api/query-client';
import { EmailVerification } from './email-verification';

/** Form filling with user-event is slow on a busy two-core machine. */
const SLOW_TEST_MS = 15_000;

const authClient = vi.hoisted(() => ({ sendVerificationEmail: vi.fn() }));
vi.mock('../../../lib/auth/auth-client', () => ({ authClient }));

function show(verified: boolean) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <EmailVerification email="ada@example.com" verified={verified} />
    </QueryClientProvider>,
  );
}

describe('EmailVerification', () => {
  beforeEach(() => authClient.sendVerificationEmail.mockReset());

  it(
    'marks a confirmed address as verified, with nothing to resend',
    () => {
      show(true);
      expect(screen.getByText('Verified')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'resends the confirmation link for an unconfirmed address',
    async () => {
      authClient.sendVerificationEmail.mockResolvedValue({ data: { status: true }, error: null });
      const user = userEvent.setup();
      show(false);
      expect(screen.getByText('Not verified')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resend' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'We sent a new confirmation link. Check your inbox.',
      );
      expect(authClient.sendVerificationEmail).toHaveBeenCalledWith({
        email: 'ada@example.com',
        callbackURL: '/verify-email',
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows why a resend failed',
    async () => {
      authClient.sendVerificationEmail.mockResolvedValue({
        data: null,
        error: { message: 'Too many requests. Please try again later.', status: 429 },
      });
      const user = userEvent.setup();
      show(false);
      await user.click(screen.getByRole('button', { name: 'Resend' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    },
    SLOW_TEST_MS,
  );
});
