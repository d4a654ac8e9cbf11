import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../db/schema/order.ts';
import { parseCsv } from '../../csv.ts';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;

beforeAll(async () => {
  t = await createShopTestApp({ names: { customerA: 'Zoë "Sparky" O\'Neill, Jr.' } });
  const made = await insertTool(t.app.db, {
    name: 'Lötstation, 60 W',
    partNumber: 'VF-SS60',
    priceCents: 12999,
  });
  const base = {
    userId: t.customerA.id,
    customerName: t.customerA.name,
    email: t.customerA.email,
    phone: '+1 555 010 2030',
    toolId: made.id,
    toolName: made.name,
    partNumber: made.partNumber,
    unitPriceCents: 12999,
    quantity: 2,
    totalCents: 25998,
  };
  // 600 shipped orders: more than one page of the export.
  await t.app.db.insert(order).values(
    Array.from({ length: 600 }, (_, i) => ({
      ...base,
      address: `${i} Foundry Lane`,
      status: 'shipped' as const,
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000),
    })),
  );
  await t.app.db.insert(order).values({
    ...base,
    address: '=HYPERLINK("http://evil.example")\nFlat 2, "Rear"',
    status: 'pending_payment',
  });
});
afterAll(() => t.close());

const exportOrders = (query = '') =>
  request(t.app, { method: 'GET', url: `/api/orders/export.csv${query}`, as: t.admin });

describe('GET /api/orders/export.csv', () => {
  it('streams every matching order with a header row, quoting and spreadsheet-safe customer text', async () => {
    const res = await exportOrders('?status=pending_payment');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
    expect(res.body.startsWith('\uFEFForderId,placedAt,status,customerName')).toBe(true);
    expect(header?.cells).toContain('partNumber');
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries(header!.cells.map((c, i) => [c, rows[0]!.cells[i]]));
    expect(cells).toMatchObject({
      status: 'pending_payment',
      customerName: 'Zoë "Sparky" O\'Neill, Jr.',
      phone: "'+1 555 010 2030",
      address: '\'=HYPERLINK("http://evil.example")\nFlat 2, "Rear"',
      partNumber: 'VF-SS60',
      tool: 'Lötstation, 60 W',
      unitPrice: '129.99',
      quantity: '2',
      total: '259.98',
    });
    expect(res.body).toContain('"Zoë ""Sparky"" O\'Neill, Jr."');
  });

  it('pages through a long history without skipping or repeating an order', async () => {
    const res = await exportOrders('?status=shipped');
    const [, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((r) => r.cells[0])).size).toBe(600);
    const all = parseCsv((await exportOrders()).body, { unterminatedQuote: 'x' });
    expect(all).toHaveLength(602);
  });

  it("exports what Manage All Orders' search finds", async () => {
    const rows = (query: string) =>
      exportOrders(query).then((res) => parseCsv(res.body, { unterminatedQuote: 'x' }).slice(1));
    expect(await rows('?search=vf-ss60&status=pending_payment')).toHaveLength(1);
    expect(await rows('?search=no-such-part')).toHaveLength(0);
  });

  it('refuses an unknown status filter', async () => {
    const res = await exportOrders('?status=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
