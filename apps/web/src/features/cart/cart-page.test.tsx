import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart, CartLine } from '@voltforge/contract/cart';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { cartMessages } from '@voltforge/contract/cart-text';
import type { Order } from '@voltforge/contract/order';
import type { QuickOrderPreview, QuickOrderVerdict } from '@voltforge/contract/quick-order';
import type { Tool } from '@voltforge/contract/tool';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { CartPage } from './cart-page';
import { fakeCartPrice } from '../../test/fake-cart-price';
import { cartOf, taxedTerms, termsJson } from '../../test/shop-terms';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const STORAGE_KEY = 'voltforge.cart';

const meter: Tool = {
  _id: '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10',
  name: 'VF-DM200 True-RMS Digital Multimeter',
  partNumber: 'VF-DM200',
  img: '/images/tools/vf-dm200.svg',
  price: 89.5,
  minOrderQuantity: 5,
  orderMultiple: 5,
  priceBreaks: [{ quantity: 25, price: 84 }],
  inStock: 40,
  desc: 'A meter.',
  category: 'Measurement & Test',
  createdAt: '2026-11-01T00:00:00.000Z',
};

const clamp: Tool = {
  ...meter,
  _id: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  name: 'VF-CT40 AC/DC Clamp Meter',
  partNumber: 'VF-CT40',
  price: 54.9,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 30,
};

const lineOf = (tool: Tool, quantity: number, unitPrice: number): CartLine => ({
  toolId: tool._id,
  partNumber: tool.partNumber,
  name: tool.name,
  img: tool.img,
  quantity,
  unitPrice,
  lineTotal: Math.round(unitPrice * quantity * 100) / 100,
  minOrderQuantity: tool.minOrderQuantity,
  orderMultiple: tool.orderMultiple,
  inStock: tool.inStock,
  problem: null,
  notice: null,
  customerRef: null,
  project: null,
});

const serverCart: Cart = cartOf([lineOf(meter, 10, 89.5), lineOf(clamp, 4, 54.9)]);

const order: Order = {
  _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
  number: 'VF-10001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-DM200 and 1 more',
  partNumber: 'VF-DM200',
  toolId: meter._id,
  price: 1114.6,
  quantity: 1,
  goodsTotal: 1114.6,
  shipping: 0,
  tax: 0,
  taxRate: 0,
  total: 1114.6,
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
  lines: serverCart.lines.map(({ toolId, partNumber, name, quantity, unitPrice, lineTotal }) => ({
    toolId,
    partNumber,
    name,
    quantity,
    unitPrice,
    lineTotal,
    customerRef: null,
    project: null,
    lineNo: 1,
    shipped: 0,
    allocated: 0,
    backordered: 0,
    cancelled: 0,
    promisedOn: null,
  })),
};

const profile = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  img: null,
  about: null,
  education: null,
  profession: 'Engineer',
  address: '42 Circuit Road',
  phone: '+1 555 010 2030',
  linkedin: 'https://www.linkedin.com/in/ada',
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

let fetchMock: ReturnType<typeof stubFetch>;
const callsTo = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
const bodyOf = (call: [string, RequestInit?] | undefined): unknown =>
  JSON.parse(call?.[1]?.body as string);

function renderCart(handle: Handler = () => undefined, catalogue: Tool[] = [meter, clamp]) {
  fetchMock = stubFetch((url, init) => {
    const answer = handle(url, init);
    if (answer) return answer;
    if (init?.method === 'POST' && url === '/api/cart/price') {
      const { lines } = JSON.parse(init.body as string) as {
        lines: { toolId: string; quantity: number }[];
      };
      return json(200, fakeCartPrice(lines, catalogue));
    }
    return undefined;
  });
  return renderPageAt('/cart', <CartPage />, '/cart');
}

const storedLines = (): unknown => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');

describe('CartPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    localStorage.clear();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('for a visitor', () => {
    it('shows the empty cart with a way back to the tools', async () => {
      renderCart();
      expect(
        await screen.findByRole('heading', { name: 'Your cart is empty' }, slow),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse tools' })).toHaveAttribute('href', '/tools');
    });

    it('prices the lines kept in this browser and asks the visitor to log in to check out', async () => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify([{ toolId: meter._id, quantity: 25 }]));
      renderCart();
      const row = await screen.findByRole('row', { name: /VF-DM200/ }, slow);
      // 25 pcs. reach the 25+ break: $84.00 each.
      expect(row).toHaveTextContent('$84.00');
      expect(row).toHaveTextContent('$2,100.00');
      expect(within(row).getByRole('link', { name: meter.name })).toHaveAttribute(
        'href',
        `/tool/${meter._id}`,
      );
      expect(screen.getByTestId('cart-goods')).toHaveTextContent('$2,100.00');
      expect(screen.getByRole('link', { name: 'Log in to check out' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
    });

    it("checks a line's quantity by the order form's rules and saves a good one", async () => {
      const user = userEvent.setup();
      localStorage.setItem(STORAGE_KEY, JSON.stringify([{ toolId: meter._id, quantity: 10 }]));
      renderCart();
      const quantity = await screen.findByLabelText('Quantity of VF-DM200', undefined, slow);
      expect(quantity).toHaveValue(10);

      const refused = async (typed: string, message: string) => {
        await user.clear(quantity);
        if (typed) await user.type(quantity, typed);
        await user.tab();
        expect(quantity).toHaveAccessibleDescription(message);
        expect(storedLines()).toEqual([{ toolId: meter._id, quantity: 10 }]);
      };
      await refused('3', 'Minimum Order Quantity 5 pcs.');
      await refused('12', 'Order in multiples of 5 pcs.');
      await refused('45', 'Maximum Order Quantity 40 pcs.');
      await refused('', 'Quantity is required');

      await user.type(quantity, '30{Enter}');
      await waitFor(() => expect(storedLines()).toEqual([{ toolId: meter._id, quantity: 30 }]));
      expect(await screen.findByTestId('cart-goods')).toHaveTextContent('$2,520.00');
      expect(screen.getByLabelText('Quantity of VF-DM200')).not.toHaveAccessibleDescription();
    });

    it('takes an error away as soon as the quantity typed is valid, or back to what the cart holds', async () => {
      const user = userEvent.setup();
      localStorage.setItem(STORAGE_KEY, JSON.stringify([{ toolId: meter._id, quantity: 10 }]));
      renderCart();
      const quantity = await screen.findByLabelText('Quantity of VF-DM200', undefined, slow);
      await user.clear(quantity);
      await user.type(quantity, '12');
      await user.tab();
      expect(quantity).toHaveAccessibleDescription('Order in multiples of 5 pcs.');
      // Corrected to a valid quantity: the error goes while typing, before the box is left.
      await user.clear(quantity);
      await user.type(quantity, '15');
      expect(quantity).not.toHaveAccessibleDescription();
      expect(screen.queryByText('Order in multiples of 5 pcs.')).not.toBeInTheDocument();
      // Wrong again, then back to the 10 the cart holds: nothing to save, nothing wrong.
      await user.clear(quantity);
      await user.type(quantity, '3');
      await user.tab();
      expect(quantity).toHaveAccessibleDescription('Minimum Order Quantity 5 pcs.');
      await user.clear(quantity);
      await user.type(quantity, '10');
      await user.tab();
      expect(quantity).not.toHaveAccessibleDescription();
    });

    it('says what keeps a line from checkout and removes it', async () => {
      const user = userEvent.setup();
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify([
          { toolId: meter._id, quantity: 10 },
          { toolId: clamp._id, quantity: 4 },
        ]),
      );
      renderCart(undefined, [meter, { ...clamp, inStock: 3 }]);
      const row = await screen.findByRole('row', { name: /VF-CT40/ }, slow);
      expect(row).toHaveTextContent(cartMessages.short(3));

      await user.click(within(row).getByRole('button', { name: 'Remove VF-CT40' }));
      await waitFor(() => expect(screen.queryByRole('row', { name: /VF-CT40/ })).toBeNull());
      expect(storedLines()).toEqual([{ toolId: meter._id, quantity: 10 }]);
    });
  });

  describe('quick order', () => {
    const verdict = (v: Partial<QuickOrderVerdict> & Pick<QuickOrderVerdict, 'line'>) => ({
      partNumber: '',
      quantity: null,
      status: 'ready' as const,
      message: 'Ready',
      toolId: null,
      name: null,
      unitPrice: null,
      lineTotal: null,
      available: null,
      closest: [],
      mergedInto: null,
      ...v,
    });
    const preview: QuickOrderPreview = {
      verdicts: [
        verdict({
          line: 1,
          partNumber: 'VF-DM200',
          quantity: 10,
          toolId: meter._id,
          name: meter.name,
          unitPrice: 89.5,
          lineTotal: 895,
        }),
        verdict({
          line: 2,
          partNumber: 'VF-DM20',
          quantity: 3,
          status: 'unknown',
          message: 'Unknown part number. Did you mean VF-DM200?',
          closest: ['VF-DM200'],
        }),
        verdict({
          line: 3,
          partNumber: 'VF-CT40',
          quantity: 50,
          status: 'short',
          message: 'Only 30 in stock.',
          toolId: clamp._id,
          name: clamp.name,
          available: 30,
        }),
        verdict({
          line: 4,
          partNumber: 'VF-DM200',
          quantity: 5,
          status: 'duplicate',
          message: 'Same part as line 1: its quantity is added there.',
          toolId: meter._id,
          mergedInto: 1,
        }),
      ],
      readyTotal: 895,
    };
    const pasted = 'VF-DM200, 5\nVF-DM20, 3\nVF-CT40, 50\nVF-DM200, 5';
    const previewAnswer: Handler = (url, init) =>
      init?.method === 'POST' && url === '/api/quick-order/preview'
        ? json(200, preview)
        : undefined;

    it('previews a pasted list row by row and puts the ready lines in the visitor cart', async () => {
      const user = userEvent.setup();
      renderCart(previewAnswer);
      const box = await screen.findByLabelText(
        'Paste part numbers and quantities',
        undefined,
        slow,
      );
      await user.click(box);
      await user.paste(pasted);
      await user.click(screen.getByRole('button', { name: 'Preview' }));

      const table = await screen.findByRole('table', { name: /Preview: 1 of 4 lines ready/ });
      expect(bodyOf(callsTo('POST', '/api/quick-order/preview')[0])).toEqual({ text: pasted });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(4);
      expect(rows[0]).toHaveTextContent('Ready');
      expect(rows[0]).toHaveTextContent('$895.00');
      expect(rows[1]).toHaveTextContent('Unknown part number. Did you mean VF-DM200?');
      expect(rows[1]).toHaveTextContent('Closest: VF-DM200');
      expect(rows[2]).toHaveTextContent('Only 30 in stock.');
      expect(rows[2]).toHaveTextContent('Available: 30');
      expect(rows[3]).toHaveTextContent('Same part as line 1');

      await user.click(screen.getByRole('button', { name: 'Add the ready lines' }));
      await waitFor(() => expect(storedLines()).toEqual([{ toolId: meter._id, quantity: 10 }]));
      expect(toast.success).toHaveBeenCalledWith('1 line added to your cart.');
      // The ready line and the duplicate added into it are gone; the lines to fix stay.
      expect(box).toHaveValue('VF-DM20, 3\nVF-CT40, 50');
      expect(await screen.findByRole('row', { name: /VF-DM200/ }, slow)).toHaveTextContent(
        '$895.00',
      );
    });

    it("sends an uploaded CSV file's text, and adds a buyer's ready lines to the server cart", async () => {
      const user = userEvent.setup();
      fakeAuth.session = signedInAs('Ada Lovelace');
      const csv = 'Part Number,Qty\nVF-DM200,10\n';
      const emptyCart: Cart = cartOf([]);
      const filled: Cart = cartOf([lineOf(meter, 10, 89.5)]);
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, emptyCart);
        if (init?.method === 'POST' && url === '/api/cart/lines') return json(200, filled);
        return previewAnswer(url, init);
      });
      const file = new File([csv], 'bom.csv', { type: 'text/csv' });
      await user.upload(
        await screen.findByLabelText('Or upload a CSV file', undefined, slow),
        file,
      );
      await screen.findByRole('table', { name: /Preview/ });
      expect(bodyOf(callsTo('POST', '/api/quick-order/preview')[0])).toEqual({ text: csv });

      await user.click(screen.getByRole('button', { name: 'Add the ready lines' }));
      expect(await screen.findByRole('row', { name: /VF-DM200/ }, slow)).toBeInTheDocument();
      expect(bodyOf(callsTo('POST', '/api/cart/lines')[0])).toEqual({
        lines: [{ toolId: meter._id, quantity: 10 }],
      });
      expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    });
  });

  describe('price breaks', () => {
    beforeEach(() => {
      fakeAuth.session = signedInAs('Ada Lovelace');
    });

    it('offers the next break when it costs no more, and takes it in one tap', async () => {
      const user = userEvent.setup();
      const before = cartOf([
        { ...lineOf(meter, 24, 89.5), suggestion: { quantity: 25, lineTotal: 2100, saving: 48 } },
      ]);
      const after = cartOf([{ ...lineOf(meter, 25, 84), suggestion: null }]);
      let saved = false;
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, saved ? after : before);
        if (url === '/api/profile') return json(200, profile);
        if (init?.method === 'PUT' && url === `/api/cart/lines/${meter._id}`) {
          saved = true;
          return json(200, after);
        }
        return undefined;
      });
      await user.click(
        await screen.findByRole('button', { name: 'Buy 25 instead of 24: $48.00 less.' }, slow),
      );
      await waitFor(() =>
        expect(bodyOf(callsTo('PUT', `/api/cart/lines/${meter._id}`)[0])).toEqual({
          quantity: 25,
        }),
      );
      expect(await screen.findByTestId('cart-goods')).toHaveTextContent('$2,100.00');
      expect(screen.queryByRole('button', { name: /^Buy 25 instead/ })).not.toBeInTheDocument();
    });
  });

  describe('checkout', () => {
    beforeEach(() => {
      fakeAuth.session = signedInAs('Ada Lovelace');
    });

    it('sends the total shown with the profile’s phone and address and the PO number typed, then opens the payment page', async () => {
      const user = userEvent.setup();
      let answer: (value: Response) => void = () => {};
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, serverCart);
        if (url === '/api/profile') return json(200, profile);
        if (init?.method === 'POST' && url === '/api/checkout') {
          return new Promise<Response>((resolve) => (answer = resolve));
        }
        return undefined;
      });
      expect(await screen.findByLabelText('Phone', undefined, slow)).toHaveValue(profile.phone);
      expect(screen.getByLabelText('Address')).toHaveValue(profile.address);
      expect(screen.getByTestId('cart-goods')).toHaveTextContent('$1,114.60');
      // Over $75.00: free shipping, and no tax row in a shop without tax.
      expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Free');
      expect(screen.queryByTestId('cart-tax')).not.toBeInTheDocument();
      expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,114.60');

      await user.type(screen.getByLabelText('PO number (optional)'), 'PO-4471');
      await user.type(screen.getByLabelText('Company (optional)'), 'Acme Controls Ltd');
      const checkout = screen.getByRole('button', { name: 'Checkout' });
      await user.dblClick(checkout);
      await waitFor(() => expect(checkout).toBeDisabled());
      answer(json(201, order));

      expect(
        await screen.findByText(`Landed on /dashboard/payment/${order._id}`, undefined, slow),
      ).toBeInTheDocument();
      const sent = callsTo('POST', '/api/checkout');
      expect(sent).toHaveLength(1);
      expect(bodyOf(sent[0])).toEqual({
        phone: profile.phone,
        address: profile.address,
        poNumber: 'PO-4471',
        company: 'Acme Controls Ltd',
        taxId: '',
        expectedTotal: 1114.6,
      });
      expect(toast.success).toHaveBeenCalledWith('Order placed — pay to confirm it');
    });

    it('says an order placed on the company’s account is placed, not that it waits for payment', async () => {
      const user = userEvent.setup();
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, serverCart);
        if (url === '/api/profile') return json(200, profile);
        if (init?.method === 'POST' && url === '/api/checkout') {
          return json(201, { ...order, status: 'on_account', paymentMethod: 'account' });
        }
        return undefined;
      });
      expect(await screen.findByLabelText('Phone', undefined, slow)).toHaveValue(profile.phone);
      await user.click(screen.getByRole('button', { name: 'Checkout' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith(
          'Order placed on your company’s account: its invoice is on its way',
        ),
      );
      expect(toast.success).not.toHaveBeenCalledWith('Order placed — pay to confirm it');
    });

    it('delivers to the default saved address, or to another one chosen from the address book', async () => {
      const user = userEvent.setup();
      const book = [
        {
          id: 'a1',
          label: 'Main plant',
          recipient: 'Goods In',
          address: '12 Foundry Way',
          phone: '+1 555 010 1111',
          isDefault: true,
        },
        {
          id: 'a2',
          label: 'Lab',
          recipient: 'Dr Ada',
          address: '3 Bench Street\nUnit 4',
          phone: '+1 555 010 2222',
          isDefault: false,
        },
      ];
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, serverCart);
        if (url === '/api/profile') return json(200, profile);
        if (url === '/api/addresses') return json(200, book);
        if (init?.method === 'POST' && url === '/api/checkout') return json(201, order);
        return undefined;
      });
      const deliverTo = await screen.findByLabelText('Deliver to', undefined, slow);
      expect(deliverTo).toHaveValue('a1');
      expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 010 1111');
      expect(screen.getByLabelText('Address')).toHaveValue('Goods In\n12 Foundry Way');
      await user.selectOptions(deliverTo, 'Lab: Dr Ada');
      expect(screen.getByLabelText('Address')).toHaveValue('Dr Ada\n3 Bench Street\nUnit 4');
      await user.click(screen.getByRole('button', { name: 'Checkout' }));
      await screen.findByText(`Landed on /dashboard/payment/${order._id}`, undefined, slow);
      expect(bodyOf(callsTo('POST', '/api/checkout')[0])).toMatchObject({
        phone: '+1 555 010 2222',
        address: 'Dr Ada\n3 Bench Street\nUnit 4',
      });
    });

    it('shows shipping, tax and the total under the free-shipping threshold, and sends that total', async () => {
      const user = userEvent.setup();
      // 1 × $54.90 of goods: $7.50 shipping, 8.25 % tax on both ($5.15), $67.55 in all.
      const small = cartOf([lineOf(clamp, 1, 54.9)], { terms: taxedTerms });
      renderCart((url, init) => {
        if (url === '/api/shop/terms') return json(200, termsJson(taxedTerms));
        if (url === '/api/cart') return json(200, small);
        if (url === '/api/profile') return json(200, profile);
        if (init?.method === 'POST' && url === '/api/checkout') return json(201, order);
        return undefined;
      });
      const checkout = await screen.findByRole('region', { name: 'Checkout' }, slow);
      expect(within(checkout).getByTestId('cart-goods')).toHaveTextContent('$54.90');
      expect(within(checkout).getByText('Subtotal')).toBeInTheDocument();
      expect(within(checkout).getByTestId('cart-shipping')).toHaveTextContent('$7.50');
      expect(within(checkout).getByText('Tax (8.25 %)')).toBeInTheDocument();
      expect(within(checkout).getByTestId('cart-tax')).toHaveTextContent('$5.15');
      expect(within(checkout).getByTestId('cart-total')).toHaveTextContent('$67.55');
      expect(within(checkout).getByTestId('cart-until-free')).toHaveTextContent(
        'Add $20.11 more for free shipping.',
      );

      await user.click(await screen.findByRole('button', { name: 'Checkout' }, slow));
      expect(
        await screen.findByText(`Landed on /dashboard/payment/${order._id}`, undefined, slow),
      ).toBeInTheDocument();
      expect(bodyOf(callsTo('POST', '/api/checkout')[0])).toMatchObject({ expectedTotal: 67.55 });
    });

    it('marks the short line from a 409 and reads the cart again', async () => {
      const user = userEvent.setup();
      const short: Cart = {
        ...serverCart,
        lines: [
          serverCart.lines[0]!,
          { ...serverCart.lines[1]!, inStock: 3, problem: cartMessages.short(3) },
        ],
        ready: false,
      };
      let reads = 0;
      renderCart((url, init) => {
        if (url === '/api/cart') return json(200, reads++ === 0 ? serverCart : short);
        if (url === '/api/profile') return json(200, profile);
        if (init?.method === 'POST' && url === '/api/checkout') {
          return json(409, {
            error: {
              code: 'conflict',
              message: checkoutMessages.short,
              fields: { [clamp._id]: 'Only 3 left in stock' },
            },
          });
        }
        return undefined;
      });
      await user.click(await screen.findByRole('button', { name: 'Checkout' }, slow));

      expect(await screen.findByRole('alert')).toHaveTextContent(checkoutMessages.short);
      const row = screen.getByRole('row', { name: /VF-CT40/ });
      await waitFor(() => expect(row).toHaveTextContent(cartMessages.short(3)));
      // Said once: the line's own mark replaces the checkout's word for it.
      expect(row).not.toHaveTextContent('Only 3 left in stock');
      expect(screen.getByRole('row', { name: /VF-DM200/ })).not.toHaveTextContent('left in stock');
      expect(callsTo('GET', '/api/cart')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
      expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
    });

    it('cannot be pressed while a line has a problem', async () => {
      const withProblem: Cart = {
        ...serverCart,
        lines: [{ ...serverCart.lines[0]!, problem: cartMessages.soldOut }, serverCart.lines[1]!],
        ready: false,
      };
      renderCart((url) => {
        if (url === '/api/cart') return json(200, withProblem);
        if (url === '/api/profile') return json(200, profile);
        return undefined;
      });
      expect(await screen.findByRole('button', { name: 'Checkout' }, slow)).toBeDisabled();
      expect(screen.getByText(checkoutMessages.notReady)).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /VF-DM200/ })).toHaveTextContent(cartMessages.soldOut);
    });
  });
});
