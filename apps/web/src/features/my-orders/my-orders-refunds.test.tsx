import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInAs } from '../../test/fake-auth-client';
import { json, renderPageAt, slow, stubFetch } from '../../test/page-harness';
import { paidOrder, refundOf, withRefunds } from '../../test/refund-orders';
import { MyOrdersPage } from './my-orders-page';

vi.mock('../../lib/auth/auth-client', async () => ({
  authClient: (await import('../../test/fake-auth-client')).fakeAuth.client,
}));

/** Both layouts render (the table from xl up, the cards below it): look at one at a time. */
const table = () => within(screen.getByRole('table'));
const card = (orderId: string) =>
  within(
    screen
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('data-order-id') === orderId) as HTMLElement,
  );

describe('My Orders: refunds', () => {
  beforeEach(() => {
    fakeAuth.reset();
    fakeAuth.session = signedInAs('Ada Lovelace', 'ada@example.com');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a partly refunded order as such, with its credit note beside the invoice', async () => {
    const partly = withRefunds(paidOrder, [
      refundOf(),
      // A pending refund has returned nothing yet and has no credit note.
      refundOf({ id: 'refund-2', status: 'pending', amount: 8.12, creditNote: null }),
    ]);
    const whole = withRefunds(
      { ...paidOrder, _id: 'order-2', number: 'VF-10043', status: 'cancelled' },
      [refundOf({ amount: 51.42, creditNote: { number: 'CN-2026-000004', issuedAt: '' } })],
    );
    stubFetch((url) =>
      url === `/api/order?email=${encodeURIComponent('ada@example.com')}`
        ? json(200, [partly, whole])
        : undefined,
    );
    renderPageAt('/dashboard/myOrder', <MyOrdersPage />, '/dashboard/myOrder');
    await screen.findByRole('heading', { name: 'My Orders (2)' }, slow);

    for (const view of [table(), card(partly._id)]) {
      const row = within(
        view
          .getByRole('link', { name: 'Invoice (PDF) for order VF-10042' })
          .closest('tr, li[data-order-id]') as HTMLElement,
      );
      expect(row.getByText('Partially refunded')).toBeInTheDocument();
      expect(row.getByText('$10.83 refunded')).toBeInTheDocument();
      const notes = row.getAllByRole('link', { name: /^Credit note/ });
      expect(notes).toHaveLength(1);
      expect(notes[0]).toHaveAccessibleName('Credit note CN-2026-000003 (PDF) for order VF-10042');
      expect(notes[0]).toHaveAttribute(
        'href',
        `/api/order/${partly._id}/credit-notes/CN-2026-000003.pdf`,
      );
      expect(notes[0]).toHaveAttribute('download', 'CN-2026-000003.pdf');
    }

    const cancelled = card('order-2');
    expect(cancelled.getAllByText('Cancelled')[0]).toBeInTheDocument();
    expect(cancelled.getByText('Refunded')).toBeInTheDocument();
    expect(cancelled.getByText('$51.42 refunded')).toBeInTheDocument();
    expect(
      cancelled.getByRole('link', { name: 'Credit note CN-2026-000004 (PDF) for order VF-10043' }),
    ).toBeInTheDocument();
  });

  it('shows nothing about refunds for an order without any', async () => {
    stubFetch((url) => (url.startsWith('/api/order?') ? json(200, [paidOrder]) : undefined));
    renderPageAt('/dashboard/myOrder', <MyOrdersPage />, '/dashboard/myOrder');
    await screen.findByRole('heading', { name: 'My Orders (1)' }, slow);
    expect(screen.queryByText(/refunded/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Credit note/ })).not.toBeInTheDocument();
  });
});
