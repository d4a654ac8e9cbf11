import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@voltforge/contract/admin';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { ManageToolsPage } from './manage-tools-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const slow = { timeout: 8_000 };
const tool = (name: string, stock: Partial<AdminTool> = {}): AdminTool => ({
  _id: `6f1c3c8e-3a0e-4a8f-9b59-${name.length.toString().padStart(12, '0')}`,
  name,
  partNumber: `VF-${name.length}`,
  img: '/images/tools/vf-ws12-wire-stripper.svg',
  price: 12,
  minOrderQuantity: 1,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 8,
  desc: 'A tool.',
  category: 'Hand Tools',
  createdAt: '2026-11-01T00:00:00.000Z',
  lowStockThreshold: 2,
  customLowStockThreshold: null,
  lowStock: false,
  ...stock,
});

const json = (body: unknown, total: number) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });

afterEach(() => vi.unstubAllGlobals());

describe('ManageToolsPage search', () => {
  it('asks the server once the typing pauses, not once per key', async () => {
    const fetchMock = vi.fn((url: string) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      return Promise.resolve(
        search ? json([tool('Logic Probe')], 1) : json([tool('Logic Probe'), tool('Pliers')], 2),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <ManageToolsPage /> }], '/');
    expect(await screen.findByText('Pliers', {}, slow)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search tools by name or part number' }),
      'probe',
    );
    await waitFor(() => expect(screen.queryByText('Pliers')).not.toBeInTheDocument(), slow);

    const searches = fetchMock.mock.calls
      .map(([url]) => new URL(url, 'http://x').searchParams.get('search'))
      .filter((search) => search !== null);
    expect(searches).toEqual(['probe']);
    expect(screen.getByText('Logic Probe')).toBeInTheDocument();
  });
});

describe('ManageToolsPage stock and delete', () => {
  it('names stock the way the overview does: none left is out of stock, not low', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(
          [
            tool('Empty Rack', { inStock: 0, lowStock: true }),
            tool('Two Clamps Left', { inStock: 2, lowStock: true }),
            tool('Lots of Pliers', { inStock: 50 }),
          ],
          3,
        ),
      ),
    );
    renderRoutes([{ path: '/', element: <ManageToolsPage /> }], '/');
    const row = async (name: string) => {
      const found = (await screen.findByText(name, {}, slow)).closest('tr');
      if (!found) throw new Error(`no row for ${name}`);
      return within(found);
    };
    expect((await row('Empty Rack')).getByText('Out of stock')).toBeInTheDocument();
    expect((await row('Empty Rack')).queryByText('Low stock')).not.toBeInTheDocument();
    expect((await row('Two Clamps Left')).getByText('Low stock')).toBeInTheDocument();
    expect((await row('Lots of Pliers')).queryByText(/stock/i)).not.toBeInTheDocument();
  });

  it('deletes a tool only after the shop’s own confirm dialog', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'DELETE'
          ? new Response(JSON.stringify({ deletedCount: 1 }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : json([tool('Logic Probe')], 1),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <ManageToolsPage /> }], '/');
    const user = userEvent.setup();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Logic Probe' }, slow);
    await user.click(deleteButton);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent(adminMessages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(deleteButton);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.toolDeleted));
  });
});
