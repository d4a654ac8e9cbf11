import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tool } from '@voltforge/contract/tool';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { cartOf, taxedTerms, termsJson } from '../../test/shop-terms';
import { ToolOrderPage } from './tool-order-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const tool: Tool = {
  _id: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  name: 'VF-PS3005 Bench Supply',
  partNumber: 'VF-PS3005',
  img: '/images/tools/vf-ps3005-bench-supply.svg',
  price: 1234.5,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 5,
  desc: 'A 30 V, 5 A linear bench supply.',
  category: 'Power Supplies',
  createdAt: '2026-11-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof stubFetch>;
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** The buyer's profile and address book, which the order form starts from. */
const noSavedDelivery = { profile: profileOf(null, null), addresses: [] as unknown[] };

function profileOf(phone: string | null, address: string | null) {
  return {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    img: null,
    about: null,
    education: null,
    profession: null,
    address,
    phone,
    linkedin: null,
  };
}

function renderPage(
  orderResponse: () => Promise<Response>,
  toolResponse = () => json(200, tool),
  terms = termsJson(),
  saved = noSavedDelivery,
) {
  fetchMock = stubFetch((url, init) => {
    if (init?.method === 'POST' && url === '/api/order') return orderResponse();
    if (url === '/api/profile') return json(200, saved.profile);
    if (url === '/api/addresses') return json(200, saved.addresses);
    if (url === '/api/company') return json(200, null);
    if (url === `/api/tool/${tool._id}`) return toolResponse();
    if (url === '/api/shop/terms') return json(200, terms);
    return undefined;
  });
  return renderPageAt('/tool/:id', <ToolOrderPage />, `/tool/${tool._id}`);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone'), '+1 555 010 2030');
  await user.type(screen.getByLabelText('Address'), '42 Circuit Road');
}

describe('ToolOrderPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    fakeAuth.session = signedInAs('Ada Lovelace', 'ada@example.com');
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tool while the session is still being read; the form waits for it', async () => {
    fakeAuth.session = { data: null, isPending: true };
    renderPage(() => Promise.resolve(json(500, {})));
    expect(await screen.findByRole('heading', { name: tool.name }, slow)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it('shows the tool, the read-only customer fields and a live money total', async () => {
    const user = userEvent.setup();
    renderPage(() => Promise.resolve(json(500, {})));
    expect(await screen.findByRole('heading', { name: tool.name }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Place To Orders' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name', undefined, slow)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Order')).toHaveValue(tool.name);
    expect(screen.getByLabelText('Price')).toHaveValue('$1,234.50');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('placeholder', '2');

    // The spec's live total is the goods; over $75.00 they ship free, and this shop has no tax.
    const goods = screen.getByTestId('order-goods');
    expect(goods).toHaveTextContent('$2,469.00');
    expect(screen.getByText('Goods total')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity'), '3');
    expect(goods).toHaveTextContent('$3,703.50');
    expect(await screen.findByTestId('order-shipping')).toHaveTextContent('Free');
    expect(screen.queryByTestId('order-tax')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$3,703.50');
  });

  it('adds shipping under the free-shipping threshold and the tax the shop charges', async () => {
    const user = userEvent.setup();
    const cheap: Tool = { ...tool, price: 12.5, minOrderQuantity: 2, inStock: 50 };
    renderPage(
      () => Promise.resolve(json(500, {})),
      () => json(200, cheap),
      termsJson(taxedTerms),
    );
    const quantity = await screen.findByLabelText('Quantity', undefined, slow);
    // Empty means the minimum: 2 × $12.50 = $25.00, plus $7.50 shipping, plus 8.25 % on both.
    expect(screen.getByTestId('order-goods')).toHaveTextContent('$25.00');
    expect(await screen.findByTestId('order-shipping', undefined, slow)).toHaveTextContent('$7.50');
    expect(screen.getByText('Tax (8.25 %)')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$2.68');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$35.18');
    expect(screen.getByTestId('order-until-free')).toHaveTextContent(
      'Add $50.01 more for free shipping.',
    );

    // 7 × $12.50 = $87.50 is over $75.00: shipping is free, the hint goes.
    await user.type(quantity, '7');
    expect(screen.getByTestId('order-goods')).toHaveTextContent('$87.50');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$7.22');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$94.72');
    expect(screen.queryByTestId('order-until-free')).not.toBeInTheDocument();
  });

  it('shows the price breaks and prices the total at the break the quantity reaches', async () => {
    const user = userEvent.setup();
    const broken: Tool = {
      ...tool,
      inStock: 200,
      price: 89.5,
      orderMultiple: 5,
      minOrderQuantity: 5,
      priceBreaks: [
        { quantity: 25, price: 84 },
        { quantity: 100, price: 79 },
      ],
    };
    renderPage(
      () => Promise.resolve(json(500, {})),
      () => json(200, broken),
    );
    const table = await screen.findByRole('table', { name: 'Price breaks' }, slow);
    expect(table).toHaveTextContent('5+$89.50');
    expect(table).toHaveTextContent('25+$84.00');
    expect(table).toHaveTextContent('100+$79.00');
    expect(screen.getByText('Sold in multiples of 5 pcs.')).toBeInTheDocument();
    // The spec's Price field keeps the base unit price; the total follows the break.
    expect(await screen.findByLabelText('Price', undefined, slow)).toHaveValue('$89.50');
    const quantity = screen.getByLabelText('Quantity');
    await user.type(quantity, '20');
    expect(screen.getByTestId('order-goods')).toHaveTextContent('$1,790.00');
    expect(screen.queryByTestId('order-saving')).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '25');
    expect(screen.getByTestId('order-goods')).toHaveTextContent('$2,100.00');
    expect(screen.getByTestId('order-saving')).toHaveTextContent('$84.00 each, you save $137.50');

    await fillContact(user);
    await user.clear(quantity);
    await user.type(quantity, '27');
    await user.click(screen.getByRole('button', { name: 'Confirm Orders' }));
    expect(toast.error).toHaveBeenCalledWith('Order in multiples of 5 pcs.', expect.anything());
    expect(posts()).toHaveLength(0);
  });

  it('starts the phone and address from the profile, or from the default saved address', async () => {
    renderPage(() => Promise.resolve(json(500, {})), undefined, undefined, {
      profile: profileOf('+1 555 010 2030', '42 Circuit Road'),
      addresses: [],
    });
    expect(await screen.findByLabelText('Phone', undefined, slow)).toHaveValue('+1 555 010 2030');
    expect(screen.getByLabelText('Address')).toHaveValue('42 Circuit Road');
  });

  it('prefers the default address of the address book to the profile', async () => {
    const saved = {
      id: '0b6c1d9e-3f0e-4a8f-9b59-2d7c1f0a9e12',
      label: 'Works',
      recipient: 'Goods In, Acme',
      phone: '+44 20 7946 0000',
      address: '1 Dock Road\nLondon',
      isDefault: true,
    };
    renderPage(() => Promise.resolve(json(500, {})), undefined, undefined, {
      profile: profileOf('+1 555 010 2030', '42 Circuit Road'),
      addresses: [saved],
    });
    expect(await screen.findByLabelText('Phone', undefined, slow)).toHaveValue('+44 20 7946 0000');
    expect(screen.getByLabelText('Address')).toHaveValue('Goods In, Acme\n1 Dock Road\nLondon');
  });

  it('nudges the pieces to add to the next break when that costs no more', async () => {
    const user = userEvent.setup();
    const broken: Tool = {
      ...tool,
      inStock: 200,
      price: 89.5,
      minOrderQuantity: 1,
      priceBreaks: [{ quantity: 25, price: 84 }],
    };
    renderPage(
      () => Promise.resolve(json(500, {})),
      () => json(200, broken),
    );
    const pieces = await screen.findByLabelText('Pieces to add', undefined, slow);
    await user.type(pieces, '20');
    // 20 × $89.50 = $1,790.00 is less than 25 × $84.00: nothing to suggest.
    expect(screen.queryByRole('button', { name: /^Buy 25/ })).not.toBeInTheDocument();
    await user.clear(pieces);
    await user.type(pieces, '24');
    await user.click(screen.getByRole('button', { name: 'Buy 25 instead of 24: $48.00 less.' }));
    expect(pieces).toHaveValue(25);
    expect(screen.queryByRole('button', { name: /^Buy 25/ })).not.toBeInTheDocument();
  });

  it('refuses a quantity below the minimum or above the stock until it is valid again', async () => {
    const user = userEvent.setup();
    renderPage(() => Promise.resolve(json(500, {})));
    const quantity = await screen.findByLabelText('Quantity', undefined, slow);
    const confirm = screen.getByRole('button', { name: 'Confirm Orders' });
    await fillContact(user);

    await user.type(quantity, '1');
    await user.click(confirm);
    expect(toast.error).toHaveBeenCalledWith('Minimum Order Quantity 2 pcs.', expect.anything());
    expect(confirm).toBeDisabled();
    expect(quantity).toHaveAccessibleDescription('Minimum Order Quantity 2 pcs.');
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(confirm).toBeEnabled();

    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(confirm);
    expect(toast.error).toHaveBeenCalledWith('Maximum Order Quantity 5 pcs.', expect.anything());
    expect(confirm).toBeDisabled();
    expect(posts()).toHaveLength(0);
  });

  it('sends one order for a double click, then goes to My Orders', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    renderPage(() => new Promise<Response>((resolve) => (answer = resolve)));
    const quantity = await screen.findByLabelText('Quantity', undefined, slow);
    await fillContact(user);
    await user.type(quantity, '3');
    await user.dblClick(screen.getByRole('button', { name: 'Confirm Orders' }));
    await waitFor(() => expect(posts()).toHaveLength(1), slow);
    expect(JSON.parse((posts()[0]?.[1] as RequestInit).body as string)).toEqual({
      toolId: tool._id,
      quantity: 3,
      phone: '+1 555 010 2030',
      address: '42 Circuit Road',
    });
    expect(screen.getByRole('button', { name: 'Confirm Orders' })).toBeDisabled();

    answer(
      json(201, {
        _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        order: tool.name,
        toolId: tool._id,
        price: 1234.5,
        quantity: 3,
        total: 3703.5,
        phone: '+1 555 010 2030',
        address: '42 Circuit Road',
        status: 'pending_payment',
        paid: false,
        transactionId: null,
        delivered: false,
        createdAt: '2026-11-22T10:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText('Landed on /dashboard/myOrder', undefined, slow),
    ).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Order Added Successfully');
    expect(posts()).toHaveLength(1);
  });

  it("shows the server's message and nothing else when the order is refused", async () => {
    const user = userEvent.setup();
    renderPage(() =>
      Promise.resolve(json(409, { error: { code: 'conflict', message: 'Only 1 left in stock' } })),
    );
    const quantity = await screen.findByLabelText('Quantity', undefined, slow);
    await fillContact(user);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Confirm Orders' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only 1 left in stock'), slow);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
  });

  it('puts a quantity in the cart by the same rules, leaving the order form alone', async () => {
    const user = userEvent.setup();
    const cart = cartOf([], { subtotal: 3703.5 });
    fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST' && url === '/api/cart/lines') return json(200, cart);
      if (url === `/api/tool/${tool._id}`) return json(200, tool);
      return undefined;
    });
    renderPageAt('/tool/:id', <ToolOrderPage />, `/tool/${tool._id}`);
    const quantity = await screen.findByLabelText('Pieces to add', undefined, slow);
    const add = screen.getByRole('button', { name: 'Add to cart' });

    await user.type(quantity, '1');
    await user.click(add);
    expect(quantity).toHaveAccessibleDescription('Minimum Order Quantity 2 pcs.');
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(add);
    expect(quantity).toHaveAccessibleDescription('Maximum Order Quantity 5 pcs.');
    expect(posts()).toHaveLength(0);

    // Beside the button, the price at the typed quantity (empty means the minimum).
    await user.clear(quantity);
    expect(screen.getByTestId('cart-form-price')).toHaveTextContent(
      '2 pcs. at $1,234.50 each: $2,469.00',
    );
    await user.type(quantity, '3');
    expect(screen.getByTestId('cart-form-price')).toHaveTextContent(
      '3 pcs. at $1,234.50 each: $3,703.50',
    );
    await user.click(add);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to cart'), slow);
    expect(posts().map(([url]) => url)).toEqual(['/api/cart/lines']);
    expect(JSON.parse((posts()[0]?.[1] as RequestInit).body as string)).toEqual({
      lines: [{ toolId: tool._id, quantity: 3 }],
    });
    expect(screen.getByLabelText('Quantity')).toHaveValue(null);
  });

  it('says so when the tool does not exist', async () => {
    renderPage(
      () => Promise.resolve(json(500, {})),
      () => json(404, { error: { code: 'not_found', message: 'Not found.' } }),
    );
    expect(
      await screen.findByText(/This tool is not available/, undefined, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Orders' })).not.toBeInTheDocument();
  });
});
