import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@voltforge/contract/admin';
import { banMessages, type UserSummary } from '@voltforge/contract/user';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { UsersPage } from './users-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const slow = { timeout: 8_000 };
const users: UserSummary[] = [
  {
    id: 'a',
    email: 'ada@example.com',
    name: 'Ada Admin',
    role: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    emailVerified: true,
    banned: false,
    ban: null,
    orderCount: 0,
  },
  {
    id: 'b',
    email: 'bob@example.com',
    name: 'Bob Volta',
    role: 'user',
    createdAt: '2026-01-02T00:00:00.000Z',
    emailVerified: false,
    banned: false,
    ban: null,
    orderCount: 3,
  },
  {
    id: 'c',
    email: 'cleo@example.com',
    name: 'Cleo Ohm',
    role: 'admin',
    createdAt: '2026-01-03T00:00:00.000Z',
    emailVerified: true,
    banned: true,
    ban: { reason: 'Chargeback fraud', by: 'Ada Admin', at: '2026-02-03T10:00:00.000Z' },
    orderCount: 0,
  },
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function renderPage(respond: (url: string, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      respond(url, init) ??
        (url.startsWith('/api/user?')
          ? json(200, users, { 'X-Total-Count': '3' })
          : json(404, { error: { code: 'not_found', message: 'Not found.' } })),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/dashboard/users', element: <UsersPage /> }], '/dashboard/users');
  return fetchMock;
}

describe('UsersPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    fakeAuth.session = signedInAs('Ada Admin', 'ada@example.com');
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists users with Sl, the email as Name, and the right buttons', async () => {
    renderPage(() => undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users');
    const bobRow = (await screen.findByText('bob@example.com', {}, slow)).closest('tr');
    if (!bobRow) throw new Error('no row');
    expect(within(bobRow).getByRole('rowheader')).toHaveTextContent('2');
    expect(within(bobRow).getByRole('button', { name: /^Make Admin/ })).toBeEnabled();
    // On every customer's row, not the most prominent control: no primary styling.
    expect(within(bobRow).getByRole('button', { name: /^Make Admin/ })).not.toHaveClass(
      'btn-primary',
    );
    const adaRow = screen.getByText('ada@example.com').closest('tr');
    if (!adaRow) throw new Error('no row');
    expect(within(adaRow).getByRole('button', { name: 'Already Admin' })).toBeDisabled();
    // Nobody can remove, ban or demote themself.
    expect(within(adaRow).getByRole('button', { name: /^Remove User/ })).toBeDisabled();
    expect(within(adaRow).getByRole('button', { name: /^Ban/ })).toBeDisabled();
    expect(within(adaRow).getByRole('button', { name: /^Remove admin/ })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'All User (3)' })).toBeInTheDocument();
    // Join date, order count and the verified flag.
    expect(within(bobRow).getByText('Jan 2, 2026')).toBeInTheDocument();
    expect(within(bobRow).getByText('3')).toBeInTheDocument();
    expect(within(bobRow).getByText('Not verified')).toBeInTheDocument();
    const cleoRow = screen.getByText('cleo@example.com').closest('tr');
    if (!cleoRow) throw new Error('no row');
    expect(within(cleoRow).getByText('Banned')).toBeInTheDocument();
    expect(within(cleoRow).getByRole('button', { name: /^Unban/ })).toBeEnabled();
    expect(within(cleoRow).getByRole('button', { name: /^Remove admin/ })).toBeEnabled();
  });

  it('searches by name or email through the server', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(() => undefined);
    await user.type(await screen.findByLabelText('Search by name or email', {}, slow), 'volta');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/user?page=1&pageSize=50&search=volta',
      ),
    );
  });

  it("shows 'Successfully made an admin' only when the server made one", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage((url, init) =>
      init?.method === 'PUT' ? json(200, { modifiedCount: 1 }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: /^Make Admin/ }, slow));
    // It asks first, in the shop's own dialog; nothing is sent until the admin confirms.
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('Make bob@example.com an admin?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.madeAdmin));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/admin/bob%40example.com',
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it("shows 'Failed to make admin' on a 403", async () => {
    const user = userEvent.setup();
    renderPage((_url, init) =>
      init?.method === 'PUT'
        ? json(403, { error: { code: 'forbidden', message: 'Only an admin can do this.' } })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: /^Make Admin/ }, slow));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Make Admin',
      }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(adminMessages.makeAdminFailed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('removes a user only after the confirm prompt', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage((_url, init) =>
      init?.method === 'DELETE' ? json(200, { deletedCount: 1 }) : undefined,
    );
    const remove = await screen.findByRole(
      'button',
      { name: 'Remove User: bob@example.com' },
      slow,
    );
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent(adminMessages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(remove);
    await user.click(within(dialog).getByRole('button', { name: 'Remove User' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.userRemoved));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/bob%40example.com',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('bans and unbans after asking, and removes an admin role', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage((_url, init) =>
      init?.method === 'PUT' || init?.method === 'DELETE'
        ? json(200, { modifiedCount: 1 })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Ban: bob@example.com' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    // A ban says why: without a reason the dialog says so and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining(banMessages.reason),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.userBanned));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/ban/bob%40example.com',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ reason: 'Chargeback fraud' }),
      }),
    );
    // A banned account's row says why, who and when.
    expect(screen.getByTestId('ban-reason')).toHaveTextContent(
      /^Banned .*2026 by Ada Admin: Chargeback fraud$/,
    );

    await user.click(screen.getByRole('button', { name: 'Unban: cleo@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.userUnbanned));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/ban/cleo%40example.com',
      expect.objectContaining({ method: 'DELETE' }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove admin: cleo@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.adminRemoved));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/admin/cleo%40example.com',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});
