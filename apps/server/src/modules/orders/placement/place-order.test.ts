import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import { pricingMessages } from '@voltforge/contract/pricing';
import { tool } from '../../../db/schema/tool.ts';
import { HttpError } from '../../../http-error.ts';
import { orderMailRenderer } from '../../../mail/order-notices.ts';
import { registerUser, type TestUser } from '../../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../../test/shop-fixtures.ts';
import { placeOrder } from './place-order.ts';
import type { WantedLine } from './sum-lines.ts';

let t: ShopTestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createShopTestApp();
  buyer = await registerUser(t.app);
});
afterAll(() => t.close());

const deps = {
  maxUnpaid: 50,
  shopTerms: { shippingFlatCents: 750, freeShippingOverCents: 7500, taxRateBasisPoints: 0 },
  renderMail: orderMailRenderer({ publicUrl: 'http://shop.example', holdHours: 48 }),
  onLowStock: async () => undefined,
  timeZone: 'UTC',
};

function place(lines: WantedLine[]): Promise<Order> {
  return placeOrder(
    t.app.db,
    { ...buyer, role: 'user' },
    { lines, phone: '+1 555 010 2030', address: '1 Main St' },
    deps,
  );
}

/** The refusal `place` throws: status, message and fields, as the API would answer. */
async function refusalOf(lines: WantedLine[]) {
  const error = await place(lines).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.statusCode, message: error.message, fields: error.fields };
}

async function stockOf(ids: string[]) {
  const rows = await t.app.db
    .select({ id: tool.id, inStock: tool.inStock })
    .from(tool)
    .where(inArray(tool.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.inStock);
}

describe('placeOrder: one path for one line and many', () => {
  it('sums two lines of one tool before the stock check, and orders them as one line', async () => {
    const item = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 5, priceCents: 300 });
    expect(
      await refusalOf([
        { toolId: item.id, quantity: 3 },
        { toolId: item.id, quantity: 4 },
      ]),
    ).toEqual({ status: 409, message: 'Only 5 left in stock', fields: undefined });
    expect(await stockOf([item.id])).toEqual([5]);

    await t.app.db.update(tool).set({ inStock: 7 }).where(eq(tool.id, item.id));
    const placed = await place([
      { toolId: item.id, quantity: 3 },
      { toolId: item.id, quantity: 4 },
    ]);
    expect(placed.lines).toMatchObject([{ toolId: item.id, quantity: 7, lineTotal: 21 }]);
    expect(await stockOf([item.id])).toEqual([0]);
  });

  it('names every refused line of a many-line order and reserves nothing', async () => {
    const fine = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 50 });
    const packs = await insertTool(t.app.db, { minOrderQuantity: 10, orderMultiple: 10 });
    const short = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 2 });
    const refused = await refusalOf([
      { toolId: fine.id, quantity: 5 },
      { toolId: packs.id, quantity: 15 },
      { toolId: short.id, quantity: 3 },
      { toolId: 'not-a-tool', quantity: 1 },
    ]);
    // The unknown id is told before anything is read.
    expect(refused).toEqual({
      status: 409,
      message: checkoutMessages.notReady,
      fields: { 'not-a-tool': orderMessages.toolNotFound },
    });
    expect(
      await refusalOf([
        { toolId: fine.id, quantity: 5 },
        { toolId: packs.id, quantity: 15 },
        { toolId: short.id, quantity: 3 },
      ]),
    ).toEqual({
      status: 400,
      message: checkoutMessages.notReady,
      fields: { [packs.id]: pricingMessages.multiple(10), [short.id]: 'Only 2 left in stock' },
    });
    expect(
      await refusalOf([
        { toolId: fine.id, quantity: 5 },
        { toolId: short.id, quantity: 3 },
      ]),
    ).toEqual({
      status: 409,
      message: checkoutMessages.short,
      fields: { [short.id]: 'Only 2 left in stock' },
    });
    expect(await stockOf([fine.id, packs.id, short.id])).toEqual([50, 10, 2]);
  });

  it('prices every line at its own break and the order at the sum of the lines', async () => {
    const a = await insertTool(t.app.db, {
      minOrderQuantity: 1,
      inStock: 500,
      priceCents: 1000,
      priceBreaks: [
        { quantity: 10, unitPriceCents: 900 },
        { quantity: 100, unitPriceCents: 750 },
      ],
    });
    const b = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 500, priceCents: 333 });
    const placed = await place([
      { toolId: a.id, quantity: 100 },
      { toolId: b.id, quantity: 3 },
    ]);
    expect(placed.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [7.5, 750],
      [3.33, 9.99],
    ]);
    expect(placed).toMatchObject({ total: 759.99, price: 759.99, quantity: 1 });
  });
});
