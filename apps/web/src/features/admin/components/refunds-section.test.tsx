import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Order } from '@voltforge/contract/order';
import { refundMessages } from '@voltforge/contract/refund-rules';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPageAt, slow, stubFetch } from '../../../test/page-harness';
import { paidOrder, refundOf, withRefunds } from '../../../test/refund-orders';
import { ManageOrderPage } from '../manage-order-page';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
  }),
}));

const orderUrl = `/api/order/${paidOrder._id}`;
const refundsUrl = `${orderUrl}/refunds`;

type Respond = (body: unknown) => Response | Promise<Response>;

/** Manage Order for `order`; POSTs to its refunds go to `respond`, with the body sent. */
function renderOrder(order: Order, respond: Respond = () => json(500, {})) {
  const fetchMock = stubFetch((url, init) => {
    if (url === orderUrl) return json(200, order);
    if (url === `${orderUrl}/timeline`) return json(200, { orderId: order._id, events: [] });
    if (init?.method === 'POST' && url.startsWith(refundsUrl)) {
      return respond(init.body ? JSON.parse(init.body as string) : undefined);
    }
    return undefined;
  });
  renderPageAt(
    '/dashboard/manageOrder/:id',
    <ManageOrderPage />,
    `/dashboard/manageOrder/${order._id}`,
  );
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function openForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Make a refund' }, slow));
  return screen.getByRole('form', { name: 'Refund this order' });
}

const refunded = withRefunds(paidOrder, [refundOf()]);

describe('Manage Order refunds', () => {
  beforeEach(() => {
    for (const fn of [toast.success, toast.error, toast.info, toast.warning]) {
      vi.mocked(fn).mockClear();
    }
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refunds a chosen line with restock: the amount before sending, what is sent, the toast and the credit note', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    const fetchMock = renderOrder(paidOrder, (body) => {
      sent = body;
      return json(201, refunded);
    });
    const form = await openForm(user);
    // The form opens on its first choice, for the keyboard.
    expect(within(form).getByRole('radio', { name: 'Whole order' })).toHaveFocus();
    expect(within(form).getByRole('radio', { name: 'Chosen lines' })).toBeChecked();
    expect(screen.getByTestId('refund-left')).toHaveTextContent(
      '$51.42 of $51.42 can still be refunded.',
    );

    await user.type(within(form).getByLabelText('Quantity of VF-A to refund'), '1');
    // 1 × $10.00 and its tax (8.25 %, $0.83): what goes back to the card, before it is sent.
    expect(screen.getByTestId('refund-preview-total')).toHaveTextContent('$10.83');
    expect(screen.getByTestId('refund-preview')).toHaveTextContent('Tax (8.25 %) $0.83');
    await user.click(within(form).getByLabelText('Put the refunded pieces back in stock'));
    await user.type(within(form).getByLabelText('Reason'), 'Arrived damaged');
    await user.click(within(form).getByRole('button', { name: 'Refund $10.83' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(refundMessages.refunded(10.83, 'CN-2026-000003')),
    );
    expect(sent).toEqual({
      lines: [{ lineNo: 1, quantity: 1 }],
      shipping: false,
      restock: true,
      reason: 'Arrived damaged',
    });
    expect(posts(fetchMock)).toHaveLength(1);
    // The form closes; the refund is listed with its credit note, and the order says it.
    expect(screen.queryByRole('form', { name: 'Refund this order' })).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Refunds of this order' });
    expect(list).toHaveTextContent('VF-A × 1 · back in stock');
    expect(list).toHaveTextContent('Reason: Arrived damaged');
    expect(
      within(list).getByRole('link', {
        name: 'Credit note CN-2026-000003 (PDF) for order VF-10042',
      }),
    ).toHaveAttribute('href', `${orderUrl}/credit-notes/CN-2026-000003.pdf`);
    expect(screen.getByTestId('refund-state')).toHaveTextContent('Partially refunded');
    expect(screen.getByTestId('refund-state')).toHaveTextContent('$10.83 refunded');
  });

  it('sends the whole order, the shipping, or an amount', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderOrder(paidOrder, (body) => {
      sent.push(body);
      return json(201, refunded);
    });
    let form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: 'Whole order' }));
    expect(form).toHaveTextContent(
      'Everything not refunded yet: 5 pieces and the shipping ($7.50).',
    );
    await user.type(within(form).getByLabelText('Reason'), 'Order returned');
    await user.click(within(form).getByRole('button', { name: 'Refund $51.42' }));
    await waitFor(() => expect(sent).toHaveLength(1));

    form = await openForm(user);
    await user.click(within(form).getByLabelText('Shipping ($7.50)'));
    await user.type(within(form).getByLabelText('Reason'), 'Late delivery');
    await user.click(within(form).getByRole('button', { name: 'Refund $8.12' }));
    await waitFor(() => expect(sent).toHaveLength(2));

    form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: 'Amount' }));
    // An amount refund puts nothing back in stock.
    expect(within(form).queryByLabelText(/back in stock/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount in dollars, tax included'), '12.5');
    await user.type(within(form).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(form).getByRole('button', { name: 'Refund $12.50' }));
    await waitFor(() => expect(sent).toHaveLength(3));

    expect(sent).toEqual([
      { whole: true, restock: false, reason: 'Order returned' },
      { lines: [], shipping: true, restock: false, reason: 'Late delivery' },
      { amount: 12.5, reason: 'Goodwill' },
    ]);
  });

  it('says what is wrong before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = renderOrder(paidOrder);
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Refund' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(refundMessages.nothing);
    const reason = within(form).getByLabelText('Reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(refundMessages.reasonRequired),
    );

    const quantity = within(form).getByLabelText('Quantity of VF-B to refund');
    await user.type(quantity, '3');
    expect(quantity).toHaveAccessibleDescription(
      expect.stringContaining(refundMessages.tooMany('VF-B', 2)),
    );

    await user.click(within(form).getByRole('radio', { name: 'Amount' }));
    const amount = within(form).getByLabelText('Amount in dollars, tax included');
    await user.type(amount, '60');
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(refundMessages.amountOver(51.42)),
    );
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the server’s refusal inline and in a toast, and its field messages under the fields', async () => {
    const user = userEvent.setup();
    const answers = [
      json(402, {
        error: { code: 'payment_failed', message: refundMessages.refundFailed('Card closed.') },
      }),
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid field "reason": Too long',
          fields: { reason: 'Too long for the provider' },
        },
      }),
      json(502, { error: { code: 'internal', message: refundMessages.providerNoAnswer } }),
    ];
    renderOrder(paidOrder, () => answers.shift() ?? json(500, {}));
    const form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: 'Whole order' }));
    await user.type(within(form).getByLabelText('Reason'), 'Returned');
    await user.click(within(form).getByRole('button', { name: 'Refund $51.42' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The refund failed: Card closed.');
    expect(toast.error).toHaveBeenCalledWith('The refund failed: Card closed.');

    await user.click(within(form).getByRole('button', { name: 'Refund $51.42' }));
    const reason = within(form).getByLabelText('Reason');
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(
        expect.stringContaining('Too long for the provider'),
      ),
    );

    await user.type(reason, '!');
    await user.click(within(form).getByRole('button', { name: 'Refund $51.42' }));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(refundMessages.providerNoAnswer),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(refundMessages.providerNoAnswer);
  });

  it('sends one refund per press: the button waits for the answer', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    const fetchMock = renderOrder(
      paidOrder,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Quantity of VF-A to refund'), '2');
    await user.type(within(form).getByLabelText('Reason'), 'Two broken');
    const button = within(form).getByRole('button', { name: 'Refund $21.65' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(posts(fetchMock)).toHaveLength(1);
    answer(json(201, refunded));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it('lists a failed refund with the provider’s words, and retries a pending one', async () => {
    const user = userEvent.setup();
    const pending = refundOf({
      id: 'refund-2',
      status: 'pending',
      amount: 8.12,
      lines: [],
      shipping: true,
      restock: false,
      reason: 'Late delivery',
      creditNote: null,
      error: refundMessages.providerNoAnswer,
    });
    const failed = refundOf({
      id: 'refund-3',
      status: 'failed',
      creditNote: null,
      error: 'Card closed.',
    });
    const order = withRefunds(paidOrder, [failed, pending]);
    const settled = withRefunds(paidOrder, [
      failed,
      { ...pending, status: 'succeeded', error: null, creditNote: refundOf().creditNote },
    ]);
    const fetchMock = renderOrder(order, () => json(200, settled));

    const list = await screen.findByRole('list', { name: 'Refunds of this order' }, slow);
    const [failedItem, pendingItem] = within(list).getAllByRole('listitem');
    expect(failedItem).toHaveTextContent('Failed');
    expect(failedItem).toHaveTextContent('The provider refused it: Card closed.');
    expect(within(failedItem!).queryByRole('button')).not.toBeInTheDocument();
    expect(pendingItem).toHaveTextContent('Pending');
    expect(pendingItem).toHaveTextContent(refundMessages.providerNoAnswer);
    // A pending refund counts: what is left is the capture less it.
    expect(screen.getByTestId('refund-left')).toHaveTextContent('$43.30 of $51.42');

    await user.click(
      within(pendingItem!).getByRole('button', { name: 'Retry the refund of $8.12' }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(refundMessages.refunded(8.12, 'CN-2026-000003')),
    );
    expect(posts(fetchMock).map(([url]) => url)).toEqual([`${refundsUrl}/refund-2/retry`]);
    expect(
      await within(list).findByRole('link', { name: /^Credit note CN-2026-000003/ }),
    ).toBeVisible();
    expect(within(list).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('offers no refund for an order refunded in full or never paid', async () => {
    const full = withRefunds(paidOrder, [
      refundOf({
        amount: 51.42,
        lines: [
          { lineNo: 1, quantity: 3 },
          { lineNo: 2, quantity: 2 },
        ],
      }),
    ]);
    renderOrder(full);
    expect(await screen.findByTestId('refund-left', {}, slow)).toHaveTextContent(
      'Refunded in full.',
    );
    expect(screen.queryByRole('button', { name: 'Make a refund' })).not.toBeInTheDocument();
    expect(screen.getByTestId('refund-state')).toHaveTextContent('Refunded');
    expect(screen.getByTestId('refund-state')).not.toHaveTextContent('Partially');
  });

  it('shows no Refunds section for an unpaid order', async () => {
    renderOrder({ ...paidOrder, status: 'pending_payment', paid: false, invoice: null });
    expect(await screen.findByTestId('order-number', {}, slow)).toHaveTextContent('VF-10042');
    expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
  });
});
