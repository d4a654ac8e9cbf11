import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@voltforge/contract/order';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/api/query-client';
import { ShipmentNote } from '../../../components/order/shipment-note';
import { OrderActions } from './order-actions';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const paid = {
  _id: '00000001-0000-4000-8000-000000000000',
  number: 'VF-10001',
  order: 'Bench Multimeter',
  status: 'paid',
  toolId: 't1',
  carrier: null,
  trackingNumber: null,
} as unknown as Order;

function renderActions() {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ ...paid, status: 'shipped' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderActions order={paid} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof renderActions>) =>
  JSON.parse(
    (fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as string) ??
      'null',
  ) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe('OrderActions: marking an order shipped', () => {
  it('offers no Delivered on a paid order: it is shipped first', () => {
    renderActions();
    expect(screen.getByRole('button', { name: /^Shipped/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delivered/ })).toBeNull();
  });

  it('asks for the carrier and tracking number, and sends them once confirmed', async () => {
    const user = userEvent.setup();
    const fetchMock = renderActions();
    await user.click(screen.getByRole('button', { name: /^Shipped/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm' }));
    await user.type(dialog.getByLabelText('Carrier'), ' UPS ');
    await user.type(dialog.getByLabelText('Tracking number'), '1Z999AA10123456784');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(sentBody(fetchMock)).toEqual({
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      }),
    );
  });

  it('sends the status alone when nothing is typed', async () => {
    const user = userEvent.setup();
    const fetchMock = renderActions();
    await user.click(screen.getByRole('button', { name: /^Shipped/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Mark shipped',
      }),
    );
    await waitFor(() => expect(sentBody(fetchMock)).toEqual({ status: 'shipped' }));
  });
});

describe('ShipmentNote', () => {
  it('says how it was shipped, or nothing', () => {
    const { rerender } = render(
      <ShipmentNote order={{ carrier: 'DHL', trackingNumber: 'JD0146' }} />,
    );
    expect(screen.getByTestId('shipment-note')).toHaveTextContent(
      'Shipped with DHL · tracking JD0146',
    );
    rerender(<ShipmentNote order={{ carrier: null, trackingNumber: null }} />);
    expect(screen.queryByTestId('shipment-note')).toBeNull();
  });
});
