import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../test/fake-auth-client';
import { renderRoutes } from '../test/render-route';
import { VerifyEmailNotice } from './verify-email-notice';

vi.mock('../lib/auth/auth-client', async () => ({
  authClient: (await import('../test/fake-auth-client')).fakeAuth.client,
}));

function signedIn(emailVerified: boolean) {
  const state = signedInAs('Ada Lovelace', 'ada@example.com');
  if (state.data) state.data.user = { ...state.data.user, emailVerified };
  return state;
}

describe('VerifyEmailNotice', () => {
  beforeEach(() => fakeAuth.reset());

  it('reminds an unconfirmed account and sends a new link on request', async () => {
    fakeAuth.session = signedIn(false);
    fakeAuth.client.sendVerificationEmail.mockResolvedValue({ data: {}, error: null });
    renderRoutes([{ path: '/', element: <VerifyEmailNotice /> }], '/');
    expect(screen.getByRole('status')).toHaveTextContent(
      verifyEmailMessages.notVerified('ada@example.com'),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText(verifyEmailMessages.resent)).toBeInTheDocument();
    expect(fakeAuth.client.sendVerificationEmail).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com' }),
    );
  });

  it('says nothing once the address is confirmed', () => {
    fakeAuth.session = signedIn(true);
    renderRoutes([{ path: '/', element: <VerifyEmailNotice /> }], '/');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
