import { screen, within } from '@testing-library/react';
import type { Overview } from '@voltforge/contract/admin-overview';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-route';
import { LowStockList, SalesTable, TopTools } from './overview-figures';

const overview: Overview = {
  days: 30,
  from: '2026-05-17',
  to: '2026-06-15',
  totals: { revenue: 85, paidOrders: 4, fromQuotes: { revenue: 0, paidOrders: 0 } },
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 4, 17 + i)).toISOString().slice(0, 10),
    revenue: i === 29 ? 20 : i === 28 ? 55 : i === 0 ? 10 : 0,
    paidOrders: i === 28 ? 2 : i === 29 || i === 0 ? 1 : 0,
  })),
  statusCounts: [],
  topTools: [
    { toolId: 't1', name: 'Meter', partNumber: 'VF-M1', revenue: 60, quantity: 6, orders: 3 },
  ],
  lowStock: [
    {
      _id: 't2',
      name: 'Rack',
      partNumber: 'VF-R0',
      inStock: 0,
      minOrderQuantity: 1,
      orderMultiple: 1,
      lowStockThreshold: 2,
      notifiedAt: null,
    },
    {
      _id: 't3',
      name: 'Clamp',
      partNumber: 'VF-C1',
      inStock: 2,
      minOrderQuantity: 1,
      orderMultiple: 1,
      lowStockThreshold: 4,
      notifiedAt: null,
    },
  ],
};

/** Role queries over whole tables are slow in jsdom on a busy machine. */
const TABLE_QUERIES = 30_000;

describe('overview figures', () => {
  it(
    'puts every day of the chart in a table with the totals',
    () => {
      renderRoutes([{ path: '/', element: <SalesTable overview={overview} /> }], '/');
      const table = screen.getByRole('table', { name: /Revenue and paid orders per day/ });
      // Header, 30 days, total.
      expect(within(table).getAllByRole('row')).toHaveLength(32);
      expect(within(table).getByRole('row', { name: 'Jun 14, 2026 $55.00 2' })).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: 'Total $85.00 4' })).toBeInTheDocument();
    },
    TABLE_QUERIES,
  );

  it(
    'lists the best sellers and what is running out',
    () => {
      renderRoutes(
        [
          {
            path: '/',
            element: (
              <>
                <TopTools overview={overview} />
                <LowStockList overview={overview} />
              </>
            ),
          },
        ],
        '/',
      );
      expect(screen.getByRole('row', { name: 'Meter VF-M1 6 $60.00' })).toBeInTheDocument();
      expect(screen.getByText('Out of stock')).toBeInTheDocument();
      expect(screen.getByText('Low stock: 2 left')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Restock them in Manage Products' })).toHaveAttribute(
        'href',
        '/dashboard/manageTools?lowStock=1',
      );
    },
    TABLE_QUERIES,
  );
});
