import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTool } from '@voltforge/contract/admin-tool';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { ManageToolsPage } from './manage-tools-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const slow = { timeout: 8_000 };
const tool = (name: string): AdminTool => ({
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
