import type { Order } from '@voltforge/contract/order';
import type { Refund } from '@voltforge/contract/refund';

/*
 * A paid order of two lines that paid shipping and tax, for the refund tests: 3 × VF-A at $10.00
 * and 2 × VF-B at $5.00 ($40.00), shipping $7.50, tax 8.25 % of $47.50 = $3.92, total $51.42.
 */
export const paidOrder: Order = {
  _id: '5d0c7a3e-1b2f-4c8d-9e6a-7f1b2c3d4e5f',
  number: 'VF-10042',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  order: 'VF-A and 1 more',
  partNumber: 'VF-A',
  toolId: 'tool-a',
  price: 40,
  quantity: 1,
  goodsTotal: 40,
  shipping: 7.5,
  tax: 3.92,
  taxRate: 8.25,
  total: 51.42,
  company: null,
  taxId: null,
  poNumber: null,
  quote: null,
  billingAddress: null,
  invoice: {
    number: 'INV-2026-000007',
    issuedAt: '2026-11-20T10:05:00.000Z',
    dueAt: null,
    paidAt: '2026-11-20T10:05:00.000Z',
  },
  carrier: null,
  trackingNumber: null,
  refunded: 0,
  refunds: [],
  phone: '+1 555 010 2030',
  address: '42 Circuit Road',
  status: 'paid',
  paymentMethod: 'card',
  paid: true,
  transactionId: 'pi_test_42',
  delivered: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  shippingMode: 'complete',
  shipments: [],
  lines: [
    {
      toolId: 'tool-a',
      partNumber: 'VF-A',
      name: 'Amp Meter',
      quantity: 3,
      unitPrice: 10,
      lineTotal: 30,
      customerRef: null,
      project: null,
      lineNo: 1,
      shipped: 0,
      allocated: 0,
      backordered: 0,
      cancelled: 0,
      promisedOn: null,
    },
    {
      toolId: 'tool-b',
      partNumber: 'VF-B',
      name: 'Bench Fuse',
      quantity: 2,
      unitPrice: 5,
      lineTotal: 10,
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

/** A refund of the order: one VF-A piece, $10.83 with its tax, succeeded with a credit note. */
export function refundOf(patch: Partial<Refund> = {}): Refund {
  return {
    id: 'refund-1',
    status: 'succeeded',
    amount: 10.83,
    reason: 'Arrived damaged',
    lines: [{ lineNo: 1, quantity: 1 }],
    shipping: false,
    restock: true,
    error: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    creditNote: {
      number: 'CN-2026-000003',
      issuedAt: '2026-11-21T09:00:01.000Z',
    },
    ...patch,
  };
}

/** The order with these refunds; `refunded` sums the succeeded ones, as the server does. */
export function withRefunds(order: Order, refunds: Refund[]): Order {
  const cents = refunds
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return { ...order, refunds, refunded: cents / 100 };
}
