import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ShopTermsJson } from '@voltforge/contract/charges';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopTermsKey } from '../../lib/api/shop-terms-key';
import { createQueryClient } from '../../lib/api/query-client';
import { json, stubFetch } from '../../test/page-harness';
import { PromiseCards } from './promise-cards';

const seeded = (shopTerms: ShopTermsJson) => {
  const client = createQueryClient();
  // As a page rendered on the server starts: the terms already in the cache.
  client.setQueryData(shopTermsKey, shopTerms);
  return client;
};

const cards = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <PromiseCards />
  </QueryClientProvider>
);

describe('The promise cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("write the free-shipping promise from the page's first data, asking nothing", () => {
    const fetchMock = stubFetch(() => undefined);
    render(
      cards(
        seeded({ shippingFlatRate: 9.5, freeShippingOver: 100, taxRate: 0, extraShipmentRate: 0 }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Free Shipping' })).toBeInTheDocument();
    expect(screen.getByText('On orders over $100.00, anywhere we deliver.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('say so when no order ships free', () => {
    stubFetch(() => undefined);
    render(
      cards(
        seeded({ shippingFlatRate: 7.5, freeShippingOver: null, taxRate: 0, extraShipmentRate: 0 }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Flat-Rate Shipping' })).toBeInTheDocument();
    expect(screen.getByText('Flat $7.50 on every order, anywhere we deliver.')).toBeVisible();
  });

  it('hydrate the HTML the server rendered from the same data without a difference', async () => {
    stubFetch(() => undefined);
    const terms = { shippingFlatRate: 7.5, freeShippingOver: 75, taxRate: 0, extraShipmentRate: 0 };
    const html = renderToString(cards(seeded(terms)));
    expect(html).toContain('On orders over $75.00, anywhere we deliver.');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, cards(seeded(terms)), { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    act(() => root.unmount());
    container.remove();
  });

  it('keep the room of the sentence while the terms load, then show them', async () => {
    stubFetch((url) =>
      url === '/api/shop/terms'
        ? json(200, { shippingFlatRate: 5, freeShippingOver: 50, taxRate: 0, extraShipmentRate: 0 })
        : undefined,
    );
    render(cards(createQueryClient()));
    expect(await screen.findByText('On orders over $50.00, anywhere we deliver.')).toBeVisible();
  });
});
