import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManageOrdersPage } from '../../features/admin/manage-orders-page';
import { OrderSummaryCard } from '../../features/payment/components/order-summary-card';
import { PaidNotice } from '../../features/payment/components/paid-notice';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { paidOrder, refundOf, withRefunds } from '../../test/refund-orders';
import { CreditNoteLinks } from './credit-note-links';
import { RefundState } from './refund-state';

/*
 * An order's refunds wherever its status shows: "Partially refunded" or "Refunded" with the
 * amount once a refund succeeded, and the credit notes to download.
 */

const partly = withRefunds(paidOrder, [
  refundOf(),
  refundOf({ id: 'refund-2', status: 'failed', amount: 8.12, creditNote: null }),
  refundOf({
    id: 'refund-3',
    amount: 8.12,
    creditNote: { number: 'CN-2026-000009', issuedAt: '2026-11-22T00:00:00.000Z' },
  }),
]);

afterEach(() => vi.unstubAllGlobals());

describe('refund state and credit notes', () => {
  it('names the state from the succeeded refunds against the capture', () => {
    const { rerender } = render(<RefundState order={paidOrder} />);
    expect(screen.queryByTestId('refund-state')).not.toBeInTheDocument();
    // A pending refund has returned nothing yet.
    rerender(
      <RefundState
        order={withRefunds(paidOrder, [refundOf({ status: 'pending', creditNote: null })])}
      />,
    );
    expect(screen.queryByTestId('refund-state')).not.toBeInTheDocument();
    rerender(<RefundState order={partly} />);
    expect(screen.getByTestId('refund-state')).toHaveTextContent(
      'Partially refunded$18.95 refunded',
    );
    rerender(<RefundState order={{ ...paidOrder, refunded: 51.42 }} />);
    expect(screen.getByTestId('refund-state')).toHaveTextContent('Refunded$51.42 refunded');
  });

  it('links every credit note, oldest first, and nothing without one', () => {
    const { rerender } = render(<CreditNoteLinks order={partly} />);
    const list = screen.getByRole('list', { name: 'Credit notes of order VF-10042' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      `/api/order/${paidOrder._id}/credit-notes/CN-2026-000003.pdf`,
      `/api/order/${paidOrder._id}/credit-notes/CN-2026-000009.pdf`,
    ]);
    rerender(<CreditNoteLinks order={paidOrder} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows on the payment page: the summary’s state and the credit notes beside the invoice', () => {
    render(<OrderSummaryCard order={partly} />);
    const summary = screen.getByRole('article', { name: 'Paid: VF-A and 1 more' });
    expect(within(summary).getByTestId('refund-state')).toHaveTextContent('Partially refunded');
  });

  it('shows the credit notes in the payment page’s paid notice', () => {
    renderPageAt('/pay', <PaidNotice order={partly} />, '/pay');
    expect(
      screen.getByRole('link', { name: 'Credit note CN-2026-000009 (PDF) for order VF-10042' }),
    ).toBeInTheDocument();
  });

  it('shows in Manage All Orders: the state under the status (the credit notes are on the order’s page)', async () => {
    stubFetch((url) =>
      url.startsWith('/api/orders?') ? json(200, [partly], { 'X-Total-Count': '1' }) : undefined,
    );
    renderPageAt('/dashboard/manageOrders', <ManageOrdersPage />, '/dashboard/manageOrders');
    const row = within(
      (await screen.findByRole('link', { name: 'VF-A and 1 more' }, slow)).closest('tr')!,
    );
    expect(row.getByTestId('refund-state')).toHaveTextContent('Partially refunded$18.95 refunded');
    expect(row.queryByRole('link', { name: /^Credit note/ })).not.toBeInTheDocument();
  });
});
