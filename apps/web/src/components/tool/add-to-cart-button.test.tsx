import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@voltforge/contract/cart';
import type { Tool } from '@voltforge/contract/tool';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../../features/cart/cart-page';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { AddToCartButton } from './add-to-cart-button';
import { ToolCard } from './tool-card';
import { fakeCartPrice } from '../../test/fake-cart-price';
import { cartOf } from '../../test/shop-terms';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const tool: Tool = {
  _id: '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10',
  name: 'VF-DM200 True-RMS Digital Multimeter',
  partNumber: 'VF-DM200',
  img: '/images/tools/vf-dm200.svg',
  price: 89.5,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 5,
  desc: 'A meter.',
  category: 'Measurement & Test',
  createdAt: '2026-11-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof stubFetch>;
const stored = (): unknown => JSON.parse(localStorage.getItem('voltforge.cart') ?? 'null');

function renderCard(
  handle: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  fetchMock = stubFetch(
    (url, init) =>
      handle(url, init) ??
      (init?.method === 'POST' && url === '/api/cart/price'
        ? json(
            200,
            fakeCartPrice(
              (JSON.parse(init.body as string) as { lines: { toolId: string; quantity: number }[] })
                .lines,
              [tool],
            ),
          )
        : undefined),
  );
  return renderPageAt(
    '/tools',
    <ToolCard tool={tool} action={<AddToCartButton tool={tool} />} />,
    '/tools',
  );
}

describe('Add to cart on a tool card', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    localStorage.clear();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a visitor's lines in this browser, so a reload still shows them", async () => {
    const user = userEvent.setup();
    const view = renderCard();
    const add = screen.getByRole('button', { name: `Add ${tool.name} to cart` });

    await user.click(add);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to cart'));
    expect(stored()).toEqual([{ toolId: tool._id, quantity: 2 }]);
    await user.click(add);
    await waitFor(() => expect(stored()).toEqual([{ toolId: tool._id, quantity: 4 }]));

    // The order form's rules on what the line would hold: 6 is more than the 5 in stock.
    await user.click(add);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Maximum Order Quantity 5 pcs.'));
    expect(stored()).toEqual([{ toolId: tool._id, quantity: 4 }]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    // A reload: a new app, the same browser storage.
    view.unmount();
    renderPageAt('/cart', <CartPage />, '/cart');
    expect(await screen.findByLabelText('Quantity of VF-DM200', undefined, slow)).toHaveValue(4);
    expect(screen.getByTestId('cart-goods')).toHaveTextContent('$358.00');
  });

  it("adds the minimum order quantity to a signed-in buyer's server cart", async () => {
    const user = userEvent.setup();
    fakeAuth.session = signedInAs('Ada Lovelace');
    const cart: Cart = cartOf([], { subtotal: 179 });
    renderCard((url, init) =>
      init?.method === 'POST' && url === '/api/cart/lines' ? json(200, cart) : undefined,
    );
    await user.click(screen.getByRole('button', { name: `Add ${tool.name} to cart` }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to cart'));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/cart/lines');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      lines: [{ toolId: tool._id, quantity: 2 }],
    });
    expect(localStorage.getItem('voltforge.cart')).toBeNull();
  });
});
