import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@voltforge/contract/admin-overview';
import type { OrderStatus } from '@voltforge/contract/order-rules';
import { order, orderLine, refund } from '../../db/schema/order.ts';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import type { ToolRow } from '../tools/tools.service.ts';
import { adminOverview } from './overview.service.ts';

let t: ShopTestApp;
let meter: ToolRow;
let scope: ToolRow;
const NOW = new Date('2026-06-15T12:00:00Z');

async function orderOf(
  made: ToolRow,
  quantity: number,
  status: OrderStatus,
  placed: string,
  paid: string | null,
) {
  const [row] = await t.app.db
    .insert(order)
    .values({
      userId: t.customerA.id,
      customerName: t.customerA.name,
      email: t.customerA.email,
      phone: '+1 555 010 2030',
      address: '1 Main St',
      goodsCents: made.priceCents * quantity,
      totalCents: made.priceCents * quantity,
      status,
      createdAt: new Date(placed),
      paidAt: paid ? new Date(paid) : null,
    })
    .returning();
  await t.app.db.insert(orderLine).values({
    orderId: row!.id,
    lineNo: 1,
    toolId: made.id,
    toolName: made.name,
    partNumber: made.partNumber,
    unitPriceCents: made.priceCents,
    quantity,
    totalCents: made.priceCents * quantity,
    allocated: quantity,
  });
  return row!.id;
}

/** A refund of `cents` of the order, settled at `at` (as the refunds module records one). */
async function refundOf(orderId: string, cents: number, at: string) {
  await t.app.db.insert(refund).values({
    orderId,
    status: 'succeeded',
    lines: [],
    shipping: false,
    goodsCents: cents,
    shippingCents: 0,
    taxCents: 0,
    amountCents: cents,
    restock: false,
    reason: 'Overview test',
    provider: 'test',
    settledAt: new Date(at),
  });
}

beforeAll(async () => {
  t = await createShopTestApp();
  meter = await insertTool(t.app.db, {
    name: 'Meter',
    partNumber: 'VF-M1',
    priceCents: 1000,
    minOrderQuantity: 3,
    inStock: 5,
  });
  scope = await insertTool(t.app.db, {
    name: 'Scope',
    partNumber: 'VF-S1',
    priceCents: 2500,
    minOrderQuantity: 1,
    inStock: 100,
  });
  await insertTool(t.app.db, {
    name: 'Empty Rack',
    partNumber: 'VF-R0',
    minOrderQuantity: 5,
    lowStockThreshold: 0,
    inStock: 0,
  });
  await insertTool(t.app.db, { name: 'Old Probe', inStock: 0, archivedAt: new Date() });

  // Inside both periods.
  await orderOf(meter, 2, 'paid', '2026-06-15T09:00:00Z', '2026-06-15T09:00:00Z');
  await orderOf(scope, 1, 'delivered', '2026-06-14T23:30:00Z', '2026-06-14T23:30:00Z');
  await orderOf(meter, 3, 'shipped', '2026-06-14T00:10:00Z', '2026-06-14T00:10:00Z');
  await orderOf(meter, 1, 'paid', '2026-05-17T00:00:00Z', '2026-05-17T00:00:00Z');
  // Paid, then cancelled before refunds were recorded (refunded by hand): never revenue.
  await orderOf(scope, 4, 'cancelled', '2026-06-13T10:00:00Z', '2026-06-13T10:05:00Z');
  // Paid on the 12th, cancelled and refunded in full on the 15th: +$50 on the 12th, −$50 on the
  // 15th; and $5.00 of the meters paid on the 14th refunded on the 15th.
  const refunded = await orderOf(
    scope,
    2,
    'cancelled',
    '2026-06-12T10:00:00Z',
    '2026-06-12T10:00:00Z',
  );
  await refundOf(refunded, 5000, '2026-06-15T11:00:00Z');
  const kept = await orderOf(meter, 1, 'shipped', '2026-06-14T12:00:00Z', '2026-06-14T12:00:00Z');
  await refundOf(kept, 500, '2026-06-15T12:00:00Z');
  await orderOf(meter, 1, 'pending_payment', '2026-06-15T08:00:00Z', null);
  // One millisecond before the 30-day period, and well inside the 90-day one.
  await orderOf(meter, 1, 'paid', '2026-05-16T23:59:59.999Z', '2026-05-16T23:59:59.999Z');
  await orderOf(scope, 2, 'delivered', '2026-05-10T12:00:00Z', '2026-05-10T12:00:00Z');
  // Before the 90-day period.
  await orderOf(scope, 9, 'paid', '2026-03-17T23:00:00Z', '2026-03-17T23:00:00Z');
});
afterAll(() => t.close());

describe('admin overview figures', () => {
  it('sums the last 30 days per UTC day, counts statuses and ranks tools by revenue', async () => {
    const o = await adminOverview(t.app.db, { days: 30 }, NOW);
    expect(o.from).toBe('2026-05-17');
    expect(o.to).toBe('2026-06-15');
    expect(o.daily).toHaveLength(30);
    // Net of refunds: each refund is subtracted on the day it was made.
    expect(o.totals).toEqual({
      revenue: 90,
      paidOrders: 5,
      fromQuotes: { revenue: 0, paidOrders: 0 },
    });
    const day = (date: string) => o.daily.find((d) => d.date === date);
    expect(day('2026-06-15')).toEqual({ date: '2026-06-15', revenue: -35, paidOrders: 1 });
    expect(day('2026-06-14')).toEqual({ date: '2026-06-14', revenue: 65, paidOrders: 3 });
    expect(day('2026-06-13')).toEqual({ date: '2026-06-13', revenue: 0, paidOrders: 0 });
    expect(day('2026-06-12')).toEqual({ date: '2026-06-12', revenue: 50, paidOrders: 0 });
    expect(day('2026-05-17')).toEqual({ date: '2026-05-17', revenue: 10, paidOrders: 1 });
    expect(o.daily.reduce((acc, d) => acc + d.revenue, 0)).toBe(90);
    expect(o.statusCounts).toEqual([
      { status: 'pending_payment', count: 1 },
      { status: 'paid', count: 2 },
      { status: 'on_account', count: 0 },
      { status: 'partially_shipped', count: 0 },
      { status: 'shipped', count: 2 },
      { status: 'delivered', count: 1 },
      { status: 'cancelled', count: 2 },
    ]);
    expect(o.topTools).toEqual([
      { toolId: meter.id, name: 'Meter', partNumber: 'VF-M1', revenue: 70, quantity: 7, orders: 4 },
      { toolId: scope.id, name: 'Scope', partNumber: 'VF-S1', revenue: 25, quantity: 1, orders: 1 },
    ]);
  });

  it('widens to 90 days', async () => {
    const o = await adminOverview(t.app.db, { days: 90 }, NOW);
    expect(o.from).toBe('2026-03-18');
    expect(o.daily).toHaveLength(90);
    expect(o.totals).toEqual({
      revenue: 150,
      paidOrders: 7,
      fromQuotes: { revenue: 0, paidOrders: 0 },
    });
    expect(o.topTools.map((x) => [x.partNumber, x.revenue, x.quantity])).toEqual([
      ['VF-M1', 80, 8],
      ['VF-S1', 75, 3],
    ]);
  });

  it('lists tools for sale at or below their threshold, emptiest first', async () => {
    const o = await adminOverview(t.app.db, { days: 30 }, NOW);
    expect(o.lowStock.map((x) => [x.partNumber, x.inStock, x.lowStockThreshold])).toEqual([
      ['VF-R0', 0, 0],
      ['VF-M1', 5, 6],
    ]);
  });
});

describe('GET /api/admin/overview', () => {
  it('answers admins with one entry per day of the period', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/api/admin/overview?days=90',
      as: t.admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Overview>();
    expect(body.days).toBe(90);
    expect(body.daily).toHaveLength(90);
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses another period with a message naming the parameter', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/api/admin/overview?days=7',
      as: t.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { days: 'days must be one of: 30, 90' } },
    });
  });
});
