import { screen, within } from '@testing-library/react';
import type { Order } from '@voltforge/contract/order';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPageAt, slow, stubFetch } from '../../../test/page-harness';
import { OrderSummaryCard } from './order-summary-card';

const one: Order = {
  _id: '0b8d1c9a-2f53-4d7e-8a61-3e9f5c2b7d40',
  number: 'VF-10001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-CT40 AC/DC Clamp Meter',
  partNumber: 'VF-CT40',
  toolId: '6f1c3c8e-3a0e-4a8f-9b59-2d7c1f0a9e11',
  price: 54.9,
  quantity: 6,
  goodsTotal: 329.4,
  shipping: 0,
  tax: 0,
  taxRate: 0,
  total: 329.4,
  company: null,
  taxId: null,
  poNumber: null,
  quote: null,
  billingAddress: null,
  refunded: 0,
  refunds: [],
  carrier: null,
  trackingNumber: null,
  invoice: {
    number: 'INV-2026-000001',
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
      partNumber: 'VF-CT40',
      name: 'VF-CT40 AC/DC Clamp Meter',
      quantity: 6,
      unitPrice: 54.9,
      lineTotal: 329.4,
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

const several: Order = {
  ...one,
  order: 'VF-CT40 and 1 more',
  price: 508.4,
  quantity: 1,
  goodsTotal: 508.4,
  total: 508.4,
  lines: [
    ...one.lines,
    {
      toolId: '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10',
      partNumber: 'VF-DM200',
      name: 'VF-DM200 True-RMS Digital Multimeter',
      quantity: 2,
      unitPrice: 89.5,
      lineTotal: 179,
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

const renderCard = (order: Order) => {
  stubFetch(() => undefined);
  return renderPageAt('/pay', <OrderSummaryCard order={order} />, '/pay');
};

describe('The payment page’s order summary', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one tool’s quantity and unit price, as before', async () => {
    renderCard(one);
    expect(await screen.findByText('6 × $54.90', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order lines' })).not.toBeInTheDocument();
  });

  it('says what is charged: goods, shipping, tax and the total, with the order number', async () => {
    renderCard({
      ...one,
      status: 'pending_payment',
      paid: false,
      transactionId: null,
      invoice: null,
      quantity: 1,
      goodsTotal: 54.9,
      shipping: 7.5,
      tax: 5.15,
      taxRate: 8.25,
      total: 67.55,
    });
    const card = await screen.findByRole('article', { name: `Please pay for ${one.order}` }, slow);
    expect(card).toHaveTextContent('VF-10001');
    expect(within(card).getByTestId('payment-goods')).toHaveTextContent('$54.90');
    expect(within(card).getByTestId('payment-shipping')).toHaveTextContent('$7.50');
    expect(within(card).getByText('Tax (8.25 %)')).toBeInTheDocument();
    expect(within(card).getByTestId('payment-tax')).toHaveTextContent('$5.15');
    expect(within(card).getByTestId('payment-total')).toHaveTextContent('$67.55');
  });

  it('no longer asks to pay for an order that is paid', async () => {
    renderCard(one);
    const card = await screen.findByRole('article', { name: `Paid: ${one.order}` }, slow);
    expect(card).not.toHaveTextContent('Please pay');
    expect(within(card).getByTestId('payment-shipping')).toHaveTextContent('Free');
    expect(within(card).queryByTestId('payment-tax')).not.toBeInTheDocument();
  });

  it('lists every line of an order of several tools, with the total to pay', async () => {
    renderCard(several);
    const list = await screen.findByRole('list', { name: 'Order lines' }, slow);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('VF-DM200');
    expect(rows[1]).toHaveTextContent('$179.00');
    expect(screen.queryByText(/× \$508.40/)).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$508.40');
  });
});
