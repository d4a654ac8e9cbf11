import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@voltforge/contract/order';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { MyOrdersPage } from './my-orders-page';

vi.mock('../../lib/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const base: Order = {
  _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-CT40 AC/DC Clamp Meter',
  toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  price: 54.9,
  quantity: 6,
  total: 329.4,
  phone: '+1 555 010 2030',
  address: '42 Circuit Road',
  status: 'pending_payment',
  paid: false,
  transactionId: null,
  delivered: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const paid: Order = {
  ...base,
  _id: '9a7e4b1c-5d2f-4e8a-b3c6-1f0d9e8c7b6a',
  order: 'VF-DM200 True-RMS Digital Multimeter',
  price: 89.5,
  quantity: 2,
  total: 179,
  status: 'paid',
  paid: true,
  transactionId: 'pi_3QxTest4242abcd',
};

let fetchMock: ReturnType<typeof stubFetch>;

function renderPage(list: () => Response, remove: () => Response = () => json(500, {})) {
  fetchMock = stubFetch((url, init) => {
    if (init?.method === 'DELETE') return remove();
    if (url === `/api/order?email=${encodeURIComponent('ada@example.com')}`) return list();
    return undefined;
  });
  return renderPageAt('/dashboard/myOrder', <MyOrdersPage />, '/dashboard/myOrder');
}

/** jsdom has no modal dialogs; these stand-ins toggle `open` as the browser would. */
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

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

  it('says when there are no orders yet', async () => {
    renderPage(() => json(200, []));
    expect(await screen.findByRole('heading', { name: 'My Orders (0)' }, slow)).toBeInTheDocument();
    expect(screen.getByText('You have no orders yet.')).toBeInTheDocument();
  });
});
