import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { RegisterPage } from './register-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

function renderRegister() {
  return renderRoutes([{ path: '/register', element: <RegisterPage /> }], '/register');
}

describe('RegisterPage', () => {
  beforeEach(() => {
    fakeAuth.reset();
    // The social buttons ask which providers the shop has (GET /api/auth-providers).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ google: true, facebook: false })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Name is required' on submit, and not before", async () => {
    const user = userEvent.setup();
    renderRegister();

    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(fakeAuth.client.signUp.email).not.toHaveBeenCalled();
  });

  it('says the email is taken when the account already exists', async () => {
    const user = userEvent.setup();
    fakeAuth.client.signUp.email.mockResolvedValue({
      data: null,
      error: {
        status: 422,
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      },
    });
    renderRegister();

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    );
    expect(fakeAuth.client.signUp.email).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct-horse',
    });
  });

  it('tells the new customer to check their inbox for the confirmation link', async () => {
    const user = userEvent.setup();
    vi.mocked(toast.success).mockClear();
    fakeAuth.client.signUp.email.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(verifyEmailMessages.checkInbox('ada@example.com')),
    );
  });

  it('links to login', () => {
    renderRegister();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
  });
});
