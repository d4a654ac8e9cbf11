import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@voltforge/contract/admin';
import type { Order } from '@voltforge/contract/order';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { ManageOrdersPage } from './manage-orders-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const slow = { timeout: 8_000 };
const order = (n: number, status: OrderStatus): Order => ({
  _id: `0000000${n}-0000-4000-8000-000000000000`,
  number: `VF-1000${n}`,
  name: 'Alice Ampere',
  email: 'alice@example.com',
  order: `Tool ${n}`,
  partNumber: `VF-T${n}`,
  toolId: 't1',
  price: 10,
  quantity: 3,
  goodsTotal: 30,
  shipping: 7.5,
  tax: 0,
  taxRate: 0,
  total: 37.5,
  company: null,
  taxId: null,
  poNumber: null,
  quote: null,
  billingAddress: null,
  refunded: 0,
  refunds: [],
  carrier: null,
  trackingNumber: null,
  invoice: ['paid', 'shipped', 'delivered'].includes(status)
    ? {
        number: `INV-2026-00000${n}`,
        issuedAt: '2026-11-01T00:05:00.000Z',
        dueAt: null,
        paidAt: '2026-11-01T00:05:00.000Z',
      }
    : null,
  phone: '+1 555 010 2030',
  address: '1 Main St',
  status,
  paymentMethod: 'card',
  paid: ['paid', 'shipped', 'delivered'].includes(status),
  transactionId: null,
  delivered: status === 'delivered',
  createdAt: '2026-11-01T00:00:00.000Z',
  shippingMode: 'complete',
  shipments: [],
  lines: [
    {
      toolId: 't1',
      partNumber: `VF-T${n}`,
      name: `Tool ${n}`,
      quantity: 3,
      unitPrice: 10,
      lineTotal: 30,
      customerRef: null,
      project: null,
      lineNo: 1,
      shipped: 0,
      allocated: 0,
      backordered: 0,
      cancelled: 0,
      promisedOn: null,
    },
  ],
});
const orders = [
  order(1, 'pending_payment'),
  order(2, 'paid'),
  order(3, 'shipped'),
  order(4, 'delivered'),
  order(5, 'cancelled'),
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
function renderPage(
  respond: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      respond(url, init) ??
        (url.startsWith('/api/orders?')
          ? json(200, orders, { 'X-Total-Count': '5' })
          : json(404, { error: { code: 'not_found', message: 'Not found.' } })),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return renderRoutes(
    [{ path: '/dashboard/manageOrders', element: <ManageOrdersPage /> }],
    '/dashboard/manageOrders',
  );
}

const rowOf = async (item: string) => {
  const cell = await screen.findByRole('link', { name: item }, slow);
  const row = cell.closest('tr');
  if (!row) throw new Error('no row');
  return within(row);
};
const buttonNames = (row: BoundFunctions<typeof queries>) =>
  row.queryAllByRole('button').map((b: HTMLElement) => b.textContent);

describe('ManageOrdersPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the real status and only the actions its transitions allow', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Manage All Orders (5)' }, slow),
    ).toBeInTheDocument();
    expect(buttonNames(await rowOf('Tool 1'))).toEqual(['Delete']);
    // One step at a time: a paid order is shipped before it can be delivered.
    expect(buttonNames(await rowOf('Tool 2'))).toEqual(['Shipped', 'Cancel']);
    expect(buttonNames(await rowOf('Tool 3'))).toEqual(['Delivered']);
    expect(buttonNames(await rowOf('Tool 4'))).toEqual([]);
    expect(buttonNames(await rowOf('Tool 5'))).toEqual([]);
    expect((await rowOf('Tool 3')).getByText('Shipped')).toBeInTheDocument();
  });

  it('lists the lines of an order of several tools in its row', async () => {
    const several: Order = {
      ...order(6, 'paid'),
      order: 'VF-T6 and 1 more',
      price: 80,
      quantity: 1,
      goodsTotal: 80,
      shipping: 0,
      total: 80,
      lines: [
        {
          toolId: 't6',
          partNumber: 'VF-T6',
          name: 'Tool 6',
          quantity: 3,
          unitPrice: 10,
          lineTotal: 30,
          customerRef: null,
          project: null,
          lineNo: 1,
          shipped: 0,
          allocated: 0,
          backordered: 0,
          cancelled: 0,
          promisedOn: null,
        },
        {
          toolId: 't7',
          partNumber: 'VF-T7',
          name: 'Tool 7',
          quantity: 5,
          unitPrice: 10,
          lineTotal: 50,
          customerRef: null,
          project: null,
          lineNo: 1,
          shipped: 0,
          allocated: 0,
          backordered: 0,
          cancelled: 0,
          promisedOn: null,
        },
      ],
    };
    renderPage((url) =>
      url.startsWith('/api/orders?') ? json(200, [several], { 'X-Total-Count': '1' }) : undefined,
    );
    const row = await rowOf('VF-T6 and 1 more');
    const lines = row.getByRole('list', { name: 'Lines of VF-T6 and 1 more' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(lines).toHaveTextContent('Tool 7');
    expect(lines).toHaveTextContent('$50.00');
    expect(row.getByText('2 lines')).toBeInTheDocument();
  });

  const patches = () =>
    fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    );

  it('marks a shipped order Delivered once confirmed, and refreshes the list', async () => {
    const user = userEvent.setup();
    renderPage((url, init) =>
      init?.method === 'PATCH' ? json(200, { ...orders[2], status: 'delivered' }) : undefined,
    );
    await user.click((await rowOf('Tool 3')).getByRole('button', { name: /^Delivered/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('Mark this order delivered? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(patches()).toHaveLength(0);

    await user.click((await rowOf('Tool 3')).getByRole('button', { name: /^Delivered/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Mark delivered',
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(adminMessages.statusChanged('delivered')),
    );
    expect(patches()[0]?.[0]).toBe(`/api/order/${orders[2]?._id}/status`);
    expect(JSON.parse((patches()[0]?.[1] as RequestInit).body as string)).toEqual({
      status: 'delivered',
    });
  });

  it('asks for the carrier and tracking number when marking a paid order Shipped', async () => {
    const user = userEvent.setup();
    renderPage((url, init) =>
      init?.method === 'PATCH' ? json(200, { ...orders[1], status: 'shipped' }) : undefined,
    );
    await user.click((await rowOf('Tool 2')).getByRole('button', { name: /^Shipped/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm' }));
    await user.type(dialog.getByLabelText('Carrier'), ' UPS ');
    await user.type(dialog.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(adminMessages.statusChanged('shipped')),
    );
    expect(JSON.parse((patches()[0]?.[1] as RequestInit).body as string)).toEqual({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it("deletes an unpaid order after the spec's confirm, and shows a refusal as it is", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderPage((_url, init) => {
      if (init?.method !== 'PATCH') return undefined;
      calls += 1;
      return calls === 1
        ? json(200, { ...orders[0], status: 'cancelled' })
        : json(409, { error: { code: 'conflict', message: 'Already moved on.' } });
    });
    const row = await rowOf('Tool 1');
    await user.click(row.getByRole('button', { name: /^Delete/ }));
    // The shop's own dialog asks first, in the spec's words; Cancel sends nothing.
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent(adminMessages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toBe(0);
    await user.click(row.getByRole('button', { name: /^Delete/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(adminMessages.orderDeleted));
    await user.click(row.getByRole('button', { name: /^Delete/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Already moved on.'));
  });

  it('searches by part number through the query string, and the export follows the filters', async () => {
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByLabelText(
      'Search by order number, part number, tool, customer, company or PO number',
      {},
      slow,
    );
    await user.type(box, 'vf-dm200');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=vf-dm200'))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute(
      'href',
      '/api/orders/export.csv?search=vf-dm200',
    );
  });

  it('shows each order’s number and charges, and the invoice of a paid one', async () => {
    renderPage();
    const unpaid = await rowOf('Tool 1');
    expect(unpaid.getByText('VF-10001')).toBeInTheDocument();
    expect(unpaid.getByText('$37.50')).toBeInTheDocument();
    expect(unpaid.getByText('Shipping $7.50')).toBeInTheDocument();
    expect(unpaid.queryByRole('link', { name: /^Invoice/ })).not.toBeInTheDocument();
    const paid = await rowOf('Tool 2');
    expect(paid.getByRole('link', { name: 'Invoice (PDF) for order VF-10002' })).toHaveAttribute(
      'href',
      `/api/order/${orders[1]?._id}/invoice.pdf`,
    );
  });

  it('finds an order by its number', async () => {
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('searchbox', {}, slow);
    expect(box).toHaveAttribute('placeholder', expect.stringContaining('VF-10001'));
    await user.type(box, 'VF-10002');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=VF-10002'))).toBe(
        true,
      ),
    );
  });

  it('filters by status through the query string', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Status', {}, slow), 'paid');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=paid'))).toBe(true),
    );
  });
});
