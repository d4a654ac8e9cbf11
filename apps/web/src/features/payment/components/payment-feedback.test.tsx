import { screen, within } from '@testing-library/react';
import type { Order } from '@voltforge/contract/order';
import { paymentMessages } from '@voltforge/contract/payment-rules';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPageAt, slow, stubFetch } from '../../../test/page-harness';
import { PaidNotice } from './paid-notice';
import { PaymentFeedback } from './payment-feedback';

const paid: Order = {
  _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
  number: 'VF-10042',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-FS10 Fuse Set',
  partNumber: 'VF-FS10',
  toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  price: 10.98,
  quantity: 5,
  goodsTotal: 54.9,
  shipping: 7.5,
  tax: 0,
  taxRate: 0,
  total: 62.4,
  company: 'Analytical Engines Ltd',
  taxId: 'GB123456789',
  poNumber: null,
  quote: null,
  billingAddress: null,
  refunded: 0,
  refunds: [],
  carrier: null,
  trackingNumber: null,
  invoice: {
    number: 'INV-2026-000007',
    issuedAt: '2026-11-22T10:05:00.000Z',
    dueAt: null,
    paidAt: '2026-11-22T10:05:00.000Z',
  },
  phone: '+1 555 010 2030',
  address: '42 Circuit Road',
  status: 'paid',
  paymentMethod: 'card',
  paid: true,
  transactionId: 'pi_1',
  delivered: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  shippingMode: 'complete',
  shipments: [],
  lines: [
    {
      toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
      partNumber: 'VF-FS10',
      name: 'VF-FS10 Fuse Set',
      quantity: 5,
      unitPrice: 10.98,
      lineTotal: 54.9,
      customerRef: null,
      project: null,
      lineNo: 1,
      shipped: 0,
      allocated: 0,
      backordered: 0,
      cancelled: 0,
      promisedOn: null,
    },
  ],
};

const render = (element: ReactNode) => {
  stubFetch(() => undefined);
  return renderPageAt('/pay', element, '/pay');
};

describe('After a payment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms it: the order number, what was charged, what happens next and the invoice', async () => {
    render(
      <PaymentFeedback
        attempt={{ phase: 'succeeded', transactionId: 'pi_1', recorded: true }}
        order={paid}
      />,
    );
    expect(await screen.findByText(paymentMessages.success, undefined, slow)).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_1');
    const confirmation = screen.getByTestId('payment-confirmation');
    expect(
      within(confirmation).getByRole('heading', { name: /Order VF-10042/ }),
    ).toBeInTheDocument();
    expect(within(confirmation).getByTestId('charged-goods')).toHaveTextContent('$54.90');
    expect(within(confirmation).getByTestId('charged-shipping')).toHaveTextContent('$7.50');
    expect(within(confirmation).queryByTestId('charged-tax')).not.toBeInTheDocument();
    expect(within(confirmation).getByTestId('charged-total')).toHaveTextContent('$62.40');
    expect(confirmation).toHaveTextContent(/What happens next/);
    expect(
      within(confirmation).getByRole('link', { name: 'Invoice (PDF) for order VF-10042' }),
    ).toHaveAttribute('href', `/api/order/${paid._id}/invoice.pdf`);
  });

  it('says a card error took no money', async () => {
    render(
      <PaymentFeedback
        attempt={{ phase: 'idle', error: 'Your card was declined.' }}
        order={{ ...paid, status: 'pending_payment', paid: false, invoice: null }}
      />,
    );
    expect(await screen.findByRole('alert', undefined, slow)).toHaveTextContent(
      'Your card was declined. You were not charged.',
    );
  });

  it('has no invoice link yet while the payment is not recorded', async () => {
    render(
      <PaymentFeedback
        attempt={{ phase: 'succeeded', transactionId: 'pi_1', recorded: false }}
        order={{ ...paid, status: 'pending_payment', paid: false, invoice: null }}
      />,
    );
    expect(await screen.findByText(paymentMessages.success, undefined, slow)).toBeInTheDocument();
    expect(screen.getByText(/may take a minute to show as Paid/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Invoice/ })).not.toBeInTheDocument();
  });

  it('shows an order paid before with its invoice', async () => {
    render(<PaidNotice order={paid} />);
    expect(await screen.findByText(paymentMessages.paid, undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoice (PDF) for order VF-10042' })).toHaveAttribute(
      'download',
      'INV-2026-000007.pdf',
    );
  });
});
