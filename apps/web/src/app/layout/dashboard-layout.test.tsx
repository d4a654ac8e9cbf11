import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { renderRoutes } from '../../test/render-route';
import { DashboardLayout } from './dashboard-layout';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

function currentItemAt(path: string) {
  renderRoutes(
    [{ path: '/dashboard/*', element: <DashboardLayout />, children: [{ path: '*' }] }],
    path,
  );
  const menu = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(menu)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('the dashboard menu', () => {
  beforeEach(() => {
    fakeAuth.reset();
    const admin = signedInAs('Ada Admin');
    if (admin.data) admin.data.user.role = 'admin';
    fakeAuth.session = admin;
  });

  it('marks Add Tools on the empty form', () => {
    expect(currentItemAt('/dashboard/addTool')).toEqual(['Add Tools']);
  });

  it('marks Manage Products, not Add Tools, while a tool is being edited', () => {
    expect(currentItemAt('/dashboard/addTool?edit=6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11')).toEqual([
      'Manage Products',
    ]);
  });

  it('marks Manage Products on its own page', () => {
    expect(currentItemAt('/dashboard/manageTools')).toEqual(['Manage Products']);
  });
});
