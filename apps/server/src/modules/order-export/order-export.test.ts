import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order, orderLine } from '../../db/schema/order.ts';
import { parseCsv } from '../../csv.ts';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;

type OrderValues = typeof order.$inferInsert;
type LineValues = Omit<typeof orderLine.$inferInsert, 'orderId' | 'lineNo'>;

/** Orders written straight to the tables, each with its lines. */
async function insertOrders(orders: Array<{ order: OrderValues; lines: LineValues[] }>) {
  const made = await t.app.db
    .insert(order)
    .values(orders.map((o) => o.order))
    .returning({ id: order.id });
  await t.app.db.insert(orderLine).values(
    made.flatMap(({ id }, i) =>
      (orders[i]?.lines ?? []).map((line, n) => ({
        ...line,
        orderId: id,
        lineNo: n + 1,
        allocated: line.quantity,
      })),
    ),
  );
}

beforeAll(async () => {
  t = await createShopTestApp({ names: { customerA: 'Zoë "Sparky" O\'Neill, Jr.' } });
  const made = await insertTool(t.app.db, {
    name: 'Lötstation, 60 W',
    partNumber: 'VF-SS60',
    priceCents: 12999,
  });
  const probe = await insertTool(t.app.db, {
    name: 'Probe Set',
    partNumber: 'VF-PR10',
    priceCents: 500,
  });
  const base = {
    userId: t.customerA.id,
    customerName: t.customerA.name,
    email: t.customerA.email,
    phone: '+1 555 010 2030',
    goodsCents: 25998,
    totalCents: 25998,
  };
  const line = {
    toolId: made.id,
    toolName: made.name,
    partNumber: made.partNumber,
    unitPriceCents: 12999,
    quantity: 2,
    totalCents: 25998,
  };
  // 600 shipped orders: more than one page of the export.
  await insertOrders(
    Array.from({ length: 600 }, (_, i) => ({
      order: {
        ...base,
        address: `${i} Foundry Lane`,
        status: 'shipped' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000),
      },
      lines: [line],
    })),
  );
  await insertOrders([
    {
      order: {
        ...base,
        address: '=HYPERLINK("http://evil.example")\nFlat 2, "Rear"',
        status: 'pending_payment',
      },
      lines: [line],
    },
    {
      order: {
        ...base,
        address: '2 Lines Road',
        status: 'delivered',
        goodsCents: 28998,
        totalCents: 28998,
      },
      lines: [
        line,
        {
          toolId: probe.id,
          toolName: probe.name,
          partNumber: probe.partNumber,
          unitPriceCents: 500,
          quantity: 6,
          totalCents: 3000,
        },
      ],
    },
  ]);
  // Tool names an admin typed that a spreadsheet would run, and a phone it would add up.
  const formulas = await Promise.all(
    ['=HYPERLINK("http://evil.example","Open")', '+1+1', '-2+3', '@SUM(1+1)'].map((name, i) =>
      insertTool(t.app.db, { name, partNumber: `VF-FX0${i}`, priceCents: 500 }),
    ),
  );
  await insertOrders([
    {
      order: {
        ...base,
        phone: '+44 20 7946 0958',
        address: '3 Formula Row',
        status: 'cancelled',
        goodsCents: 4000,
        totalCents: 4000,
      },
      lines: formulas.map((made) => ({
        toolId: made.id,
        toolName: made.name,
        partNumber: made.partNumber,
        unitPriceCents: 500,
        quantity: 2,
        totalCents: 1000,
      })),
    },
  ]);
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
    expect(res.body.startsWith('\uFEFForderId,orderNumber,line,placedAt,status,customerName')).toBe(
      true,
    );
    expect(header?.cells).toContain('partNumber');
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries(header!.cells.map((c, i) => [c, rows[0]!.cells[i]]));
    expect(cells).toMatchObject({
      status: 'pending_payment',
      customerName: 'Zoë "Sparky" O\'Neill, Jr.',
      // Shown by a spreadsheet as +1 555 010 2030, as text, never run as arithmetic.
      phone: "'+1 555 010 2030",
      address: '\'=HYPERLINK("http://evil.example")\nFlat 2, "Rear"',
      partNumber: 'VF-SS60',
      tool: 'Lötstation, 60 W',
      unitPrice: '129.99',
      quantity: '2',
      lineTotal: '259.98',
      total: '259.98',
    });
    expect(res.body).toContain('"Zoë ""Sparky"" O\'Neill, Jr."');
  });

  it('writes every text cell spreadsheet-safe, tool names too, and figures as numbers', async () => {
    const res = await exportOrders('?status=cancelled');
    const [header, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
    const records = rows.map((r) =>
      Object.fromEntries(header!.cells.map((c, i) => [c, r.cells[i]])),
    );
    expect(records.map((r) => r.tool)).toEqual([
      '\'=HYPERLINK("http://evil.example","Open")',
      "'+1+1",
      "'-2+3",
      "'@SUM(1+1)",
    ]);
    for (const record of records) {
      expect(record.orderNumber).toMatch(/^VF-\d+$/);
      expect(record).toMatchObject({
        phone: "'+44 20 7946 0958",
        unitPrice: '5.00',
        quantity: '2',
        lineTotal: '10.00',
        total: '40.00',
      });
    }
  });

  it('pages through a long history without skipping or repeating an order', async () => {
    const res = await exportOrders('?status=shipped');
    const [, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((r) => r.cells[0])).size).toBe(600);
    const all = parseCsv((await exportOrders()).body, { unterminatedQuote: 'x' });
    // A header, 601 one-line orders, one of two lines and one of four.
    expect(all).toHaveLength(608);
  });

  it('writes an order of several lines as a row per line, the order repeated on each', async () => {
    const res = await exportOrders('?status=delivered');
    const [header, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
    const records = rows.map((r) =>
      Object.fromEntries(header!.cells.map((c, i) => [c, r.cells[i]])),
    );
    expect(records).toMatchObject([
      { line: '1', partNumber: 'VF-SS60', quantity: '2', lineTotal: '259.98', total: '289.98' },
      { line: '2', partNumber: 'VF-PR10', quantity: '6', lineTotal: '30.00', total: '289.98' },
    ]);
    expect(records[0]?.orderId).toBe(records[1]?.orderId);
    // Manage All Orders' search finds it by its second line's part number.
    const found = await exportOrders('?search=vf-pr10');
    expect(parseCsv(found.body, { unterminatedQuote: 'x' })).toHaveLength(3);
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
