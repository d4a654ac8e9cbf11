import { render, screen, waitFor } from '@testing-library/react';
import type { Cart, CartLine, MergeCartResult } from '@voltforge/contract/cart';
import { cartMessages } from '@voltforge/contract/cart-text';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, stubFetch } from '../../test/page-harness';
import { renderRoutes } from '../../test/render-route';
import { cartOf } from '../../test/shop-terms';
import { Navbar } from './navbar';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const STORAGE_KEY = 'voltforge.cart';
const local = [
  { toolId: '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10', quantity: 4 },
  { toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11', quantity: 2 },
];

const line = (toolId: string, partNumber: string): CartLine => ({
  toolId,
  partNumber,
  name: partNumber,
  img: '',
  quantity: 2,
  unitPrice: 10,
  lineTotal: 20,
  minOrderQuantity: 1,
  orderMultiple: 1,
  inStock: 10,
  problem: null,
  notice: null,
  customerRef: null,
  project: null,
});
const accountCart: Cart = cartOf([line('a', 'VF-PS3005')]);
const merged: MergeCartResult = {
  cart: cartOf([...accountCart.lines, line(local[0]!.toolId, 'VF-DM200')]),
  changes: [cartMessages.merged('VF-DM200', 4), cartMessages.mergeDropped('VF-CT40')],
};

let fetchMock: ReturnType<typeof stubFetch>;

function renderNavbar() {
  fetchMock = stubFetch((url, init) => {
    if (url === '/api/cart') return json(200, accountCart);
    if (init?.method === 'POST' && url === '/api/cart/merge') return json(200, merged);
    return undefined;
  });
  return renderRoutes(
    [{ path: '*', element: <Navbar menuOpen={false} onOpenMenu={() => {}} /> }],
    '/tools',
  );
}

describe('The navbar cart link', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeAuth.reset();
    localStorage.clear();
    vi.mocked(toast.info).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("counts a visitor's lines in this browser", () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(local));
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Cart, 2 lines' })).toHaveAttribute('href', '/cart');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("merges this browser's cart at sign-in, empties it and tells what changed", async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(local));
    const { router } = renderNavbar();
    expect(screen.getByRole('link', { name: 'Cart, 2 lines' })).toBeInTheDocument();

    // Signing in (by any form or provider) shows up as a session on the next render.
    fakeAuth.session = signedInAs('Ada Lovelace');
    await router.navigate('/');

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/cart/merge')).toBe(true),
    );
    const mergeCall = fetchMock.mock.calls.find(([url]) => url === '/api/cart/merge');
    expect(JSON.parse(mergeCall?.[1]?.body as string)).toEqual({ lines: local });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Cart, 2 lines' })).toBeInTheDocument();
    await waitFor(() => expect(toast.info).toHaveBeenCalledTimes(1));
    // The toast lists every change the server reported.
    const { container } = render(<>{vi.mocked(toast.info).mock.calls[0]![0] as ReactNode}</>);
    expect(container).toHaveTextContent(cartMessages.merged('VF-DM200', 4));
    expect(container).toHaveTextContent(cartMessages.mergeDropped('VF-CT40'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/cart/merge')).toHaveLength(1);
  });

  it('counts a signed-in buyer’s server cart and merges nothing when the browser has none', async () => {
    fakeAuth.session = signedInAs('Ada Lovelace');
    renderNavbar();
    expect(await screen.findByRole('link', { name: 'Cart, 1 line' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/cart/merge')).toBe(false);
  });
});
