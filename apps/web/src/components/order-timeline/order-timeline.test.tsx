import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderTimeline } from '@voltforge/contract/order-timeline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-route';
import { json, slow, stubFetch } from '../../test/page-harness';
import { OrderHistoryToggle } from './order-history-toggle';

afterEach(() => vi.unstubAllGlobals());

const timeline: OrderTimeline = {
  orderId: 'o1',
  events: [
    {
      at: '2026-06-01T10:00:00.000Z',
      kind: 'placed',
      title: 'Order placed',
      detail: '2 × Relay Module',
      actor: { kind: 'customer', name: 'Tess' },
    },
    {
      at: '2026-06-01T10:05:00.000Z',
      kind: 'status',
      title: 'Marked paid',
      detail: 'From pending payment',
      actor: { kind: 'provider', name: null },
    },
    {
      at: '2026-06-02T09:00:00.000Z',
      kind: 'status',
      title: 'Marked shipped',
      detail: null,
      actor: { kind: 'admin', name: null },
    },
  ],
};

describe('OrderHistoryToggle', () => {
  it('loads the history when opened and says who did each step', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/order/o1/timeline' ? json(200, timeline) : undefined,
    );
    renderRoutes(
      [
        {
          path: '/',
          element: <OrderHistoryToggle orderId="o1" status="shipped" toolName="Relay Module" />,
        },
      ],
      '/',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'History of the order for Relay Module' }));
    const list = await screen.findByRole('list', { name: 'History of order o1' }, slow);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Order placed',
      'Marked paid',
      'Marked shipped',
    ]);
    expect(items[0]).toHaveTextContent('by Tess');
    expect(items[1]).toHaveTextContent('by the card provider');
    expect(items[2]).toHaveTextContent('by Voltforge staff');
  });
});
