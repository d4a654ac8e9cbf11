import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@voltforge/contract/order';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { MyOrdersPage } from './my-orders-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const base: Order = {
  _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
  number: 'VF-10001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-CT40 AC/DC Clamp Meter',
  partNumber: 'VF-CT40',
  toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  price: 54.9,
  quantity: 6,
  goodsTotal: 329.4,
  shipping: 0,
  tax: 0,
  taxRate: 0,
  total: 329.4,
  company: null,
  taxId: null,
  poNumber: null,
  quote: null,
  billingAddress: null,
  refunded: 0,
  refunds: [],
  carrier: null,
  trackingNumber: null,
  invoice: null,
  phone: '+1 555 010 2030',
  address: '42 Circuit Road',
  status: 'pending_payment',
  paymentMethod: 'card',
  paid: false,
  transactionId: null,
  delivered: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  shippingMode: 'complete',
  shipments: [],
  lines: [
    {
      toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
      partNumber: 'VF-CT40',
      name: 'VF-CT40 AC/DC Clamp Meter',
      quantity: 6,
      unitPrice: 54.9,
      lineTotal: 329.4,
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
const paid: Order = {
  ...base,
  _id: '9a7e4b1c-5d2f-4e8a-b3c6-1f0d9e8c7b6a',
  number: 'VF-10002',
  order: 'VF-DM200 True-RMS Digital Multimeter',
  partNumber: 'VF-DM200',
  price: 89.5,
  quantity: 2,
  goodsTotal: 179,
  total: 179,
  invoice: {
    number: 'INV-2026-000001',
    issuedAt: '2026-11-22T10:05:00.000Z',
    dueAt: null,
    paidAt: '2026-11-22T10:05:00.000Z',
  },
  status: 'paid',
  paid: true,
  transactionId: 'pi_3QxTest4242abcd',
  lines: [
    {
      toolId: '1c2d3e4f-0000-4000-8000-000000000002',
      partNumber: 'VF-DM200',
      name: 'VF-DM200 True-RMS Digital Multimeter',
      quantity: 2,
      unitPrice: 89.5,
      lineTotal: 179,
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

let fetchMock: ReturnType<typeof stubFetch>;

function renderPage(list: () => Response, remove: () => Response = () => json(500, {})) {
  fetchMock = stubFetch((url, init) => {
    if (init?.method === 'DELETE') return remove();
    if (url === `/api/order?email=${encodeURIComponent('ada@example.com')}`) return list();
    if (url === '/api/payments/config') return json(200, { provider: 'test', orderHoldHours: 48 });
    return undefined;
  });
  return renderPageAt('/dashboard/myOrder', <MyOrdersPage />, '/dashboard/myOrder');
}

describe('MyOrdersPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    fakeAuth.session = signedInAs('Ada Lovelace', 'ada@example.com');
    fakeAuth.client.signOut.mockResolvedValue({ data: { success: true }, error: null });
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the orders under a heading with the count, with pay links and paid receipts', async () => {
    renderPage(() => json(200, [base, paid]));
    expect(await screen.findByRole('heading', { name: 'My Orders (2)' }, slow)).toBeInTheDocument();
    // The hold of unpaid orders comes with the table, not after it.
    expect(screen.getByText('Unpaid orders are held for 48 hours, then cancelled.')).toBeVisible();
    const table = screen.getByRole('table');
    for (const column of [
      'Name',
      'Orders Name',
      'Price',
      'Action',
      'Quantity',
      'Total',
      'Status',
      'Date',
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const unpaidRow = within(table).getByRole('row', { name: /VF-CT40/ });
    expect(unpaidRow).toHaveTextContent('$54.90');
    expect(unpaidRow).toHaveTextContent('$329.40');
    expect(unpaidRow).toHaveTextContent('Pending payment');
    expect(within(unpaidRow).getByRole('link', { name: /^Pay/ })).toHaveAttribute(
      'href',
      `/dashboard/payment/${base._id}`,
    );
    expect(within(unpaidRow).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();

    const paidRow = within(table).getByRole('row', { name: /VF-DM200/ });
    expect(paidRow).toHaveTextContent('Paid');
    expect(paidRow).toHaveTextContent('pi_3QxTest4242abcd');
    expect(within(paidRow).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(paidRow).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('deletes after the confirm prompt and removes the row', async () => {
    const user = userEvent.setup();
    // Like the server: a cancelled order is gone from the list that is fetched afterwards.
    let orders = [base, paid];
    renderPage(
      () => json(200, orders),
      () => {
        orders = [paid];
        return json(200, { deletedCount: 1 });
      },
    );
    const table = await screen.findByRole('table', undefined, slow);
    await user.click(
      within(within(table).getByRole('row', { name: /VF-CT40/ })).getByRole('button', {
        name: /^Delete/,
      }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('are you sure wants to delete');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(
      () => expect(toast.success).toHaveBeenCalledWith(' Order Deleted Successfully'),
      slow,
    );
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleteCall?.[0]).toBe(`/api/order/${base._id}`);
    expect(await screen.findByRole('heading', { name: 'My Orders (1)' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /VF-CT40/ })).not.toBeInTheDocument();
  });

  it('keeps the order when the prompt is cancelled', async () => {
    const user = userEvent.setup();
    renderPage(() => json(200, [base]));
    const table = await screen.findByRole('table', undefined, slow);
    await user.click(within(table).getByRole('button', { name: /^Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('heading', { name: 'My Orders (1)' })).toBeInTheDocument();
  });

  it("shows the server's message when a delete is refused", async () => {
    const user = userEvent.setup();
    const message = 'A paid order cannot be deleted. Please contact support.';
    renderPage(
      () => json(200, [base]),
      () => json(409, { error: { code: 'conflict', message } }),
    );
    const table = await screen.findByRole('table', undefined, slow);
    await user.click(within(table).getByRole('button', { name: /^Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message), slow);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it.each([401, 403])('signs out and goes home on a %i while loading', async (status) => {
    renderPage(() => json(status, { error: { code: 'unauthorized', message: 'Please sign in.' } }));
    expect(await screen.findByText('Landed on /', undefined, slow)).toBeInTheDocument();
    expect(fakeAuth.client.signOut).toHaveBeenCalledTimes(1);
  });

  it('lists the lines of an order from the cart, keeping one-tool orders as they were', async () => {
    const fromCart: Order = {
      ...base,
      _id: '5e6f7a8b-0000-4000-8000-000000000003',
      order: 'VF-DM200 and 1 more',
      partNumber: 'VF-DM200',
      price: 508.4,
      quantity: 1,
      goodsTotal: 508.4,
      total: 508.4,
      lines: [
        { ...paid.lines[0]!, quantity: 2, unitPrice: 89.5, lineTotal: 179 },
        { ...base.lines[0]!, quantity: 6, unitPrice: 54.9, lineTotal: 329.4 },
      ],
    };
    renderPage(() => json(200, [fromCart, paid]));
    // The wide screen's table comes first; the phone's cards list the same lines.
    const [lines, cardLines] = await screen.findAllByRole(
      'list',
      { name: 'Lines of VF-DM200 and 1 more' },
      slow,
    );
    if (!lines || !cardLines) throw new Error('the lines are missing');
    const rows = within(lines).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'VF-DM200 × 2VF-DM200 True-RMS Digital Multimeter$179.00$89.50 each',
      'VF-CT40 × 6VF-CT40 AC/DC Clamp Meter$329.40$54.90 each',
    ]);
    expect(within(cardLines).getAllByRole('listitem')).toHaveLength(2);
    const orderRow = lines.closest('tr[data-order-id]');
    expect(orderRow).toHaveTextContent('2 lines');
    expect(orderRow).toHaveTextContent('$508.40');
    // An order of one tool has no lines list: its part number, quantity and price as before.
    expect(screen.queryByRole('list', { name: /Lines of VF-DM200 True-RMS/ })).toBeNull();
    expect(screen.getAllByRole('row', { name: /VF-DM200 True-RMS/ })[0]).toHaveTextContent(
      '$89.50',
    );
  });

  it('shows the buyer’s reference and the project revision a line was bought from', async () => {
    const fromProject: Order = {
      ...base,
      lines: [
        {
          ...base.lines[0]!,
          customerRef: 'ACME-R1',
          project: {
            id: '7d1e2f3a-0000-4000-8000-000000000004',
            name: 'Sensor board',
            revision: 2,
          },
        },
      ],
    };
    renderPage(() => json(200, [fromProject]));
    const [lines] = await screen.findAllByRole('list', { name: `Lines of ${base.order}` }, slow);
    if (!lines) throw new Error('the lines are missing');
    expect(lines).toHaveTextContent('Your ref: ACME-R1');
    // Every line came from it: the project is said once, above the lines.
    const orderRow = lines.closest('tr[data-order-id]') as HTMLElement;
    expect(orderRow).toHaveTextContent('From project Sensor board, revision 2');
    expect(within(orderRow).getByRole('link', { name: 'Sensor board' })).toHaveAttribute(
      'href',
      '/dashboard/projects/7d1e2f3a-0000-4000-8000-000000000004',
    );
  });

  it('shows each order’s number, the total charged with its shipping, and the invoice once paid', async () => {
    const small: Order = {
      ...base,
      _id: '3c4d5e6f-0000-4000-8000-000000000004',
      number: 'VF-10003',
      order: 'VF-FS10 Fuse Set',
      partNumber: 'VF-FS10',
      price: 10.98,
      quantity: 5,
      goodsTotal: 54.9,
      shipping: 7.5,
      tax: 5.15,
      taxRate: 8.25,
      total: 67.55,
      lines: [{ ...base.lines[0]!, partNumber: 'VF-FS10', name: 'VF-FS10 Fuse Set' }],
    };
    renderPage(() => json(200, [small, paid]));
    const table = await screen.findByRole('table', undefined, slow);

    const smallRow = within(table).getByRole('row', { name: /VF-FS10/ });
    expect(smallRow).toHaveTextContent('VF-10003');
    expect(smallRow).toHaveTextContent('$67.55');
    expect(smallRow).toHaveTextContent('Shipping $7.50 · Tax (8.25 %) $5.15');
    expect(within(smallRow).queryByRole('link', { name: /Invoice/ })).not.toBeInTheDocument();

    const paidRow = within(table).getByRole('row', { name: /VF-DM200/ });
    expect(paidRow).toHaveTextContent('VF-10002');
    expect(paidRow).toHaveTextContent('Shipping Free');
    expect(paidRow).not.toHaveTextContent('Tax');
    const invoice = within(paidRow).getByRole('link', { name: 'Invoice (PDF) for order VF-10002' });
    expect(invoice).toHaveAttribute('href', `/api/order/${paid._id}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download', 'INV-2026-000001.pdf');
  });

  it('shows an order cancelled after payment as Cancelled, with nothing to pay or delete', async () => {
    const cancelled: Order = {
      ...paid,
      status: 'cancelled',
      paid: false,
    };
    renderPage(() => json(200, [cancelled]));
    const table = await screen.findByRole('table', undefined, slow);
    const row = within(table).getByRole('row', { name: /VF-DM200/ });
    expect(within(row).getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(row).not.toHaveTextContent('Paid');
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    // Its invoice was issued when it was paid, and stays.
    expect(within(row).getByRole('link', { name: /^Invoice \(PDF\)/ })).toBeInTheDocument();
  });

  it('says when there are no orders yet', async () => {
    renderPage(() => json(200, []));
    expect(await screen.findByRole('heading', { name: 'My Orders (0)' }, slow)).toBeInTheDocument();
    expect(screen.getByText('You have no orders yet.')).toBeInTheDocument();
  });
});
