import { pricingMessages } from '@voltforge/contract/pricing';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, MergeCartResult } from '@voltforge/contract/cart';
import { GONE_TOOL_NAME } from '@voltforge/contract/cart-rules';
import { cartMessages } from '@voltforge/contract/cart-text';
import { cartLine } from '../../db/schema/cart.ts';
import { tool } from '../../db/schema/tool.ts';
import {
  registerUser,
  request,
  sessionCookie,
  TEST_ORIGIN,
  type TestUser,
} from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

/** A tool sold from 2 at $89.50, 25+ at $84.00, 100+ at $79.00. */
const meter = (values: Partial<typeof tool.$inferInsert> = {}) =>
  insertTool(t.app.db, {
    priceCents: 8950,
    minOrderQuantity: 2,
    inStock: 140,
    priceBreaks: [
      { quantity: 25, unitPriceCents: 8400 },
      { quantity: 100, unitPriceCents: 7900 },
    ],
    ...values,
  });
/** Relays sold in tubes of 20. */
const relay = (values: Partial<typeof tool.$inferInsert> = {}) =>
  insertTool(t.app.db, {
    priceCents: 890,
    minOrderQuantity: 20,
    orderMultiple: 20,
    inStock: 100,
    ...values,
  });

const cartOf = (who: TestUser) => request(t.app, { method: 'GET', url: '/api/cart', as: who });
const add = (who: TestUser, lines: { toolId: string; quantity: number }[]) =>
  request(t.app, { method: 'POST', url: '/api/cart/lines', payload: { lines }, as: who });
const setQuantity = (who: TestUser, toolId: string, quantity: number) =>
  request(t.app, {
    method: 'PUT',
    url: `/api/cart/lines/${toolId}`,
    payload: { quantity },
    as: who,
  });
const merge = (who: TestUser, lines: { toolId: string; quantity: number }[]) =>
  request(t.app, { method: 'POST', url: '/api/cart/merge', payload: { lines }, as: who });

const shape = (cart: Cart) =>
  cart.lines.map((l) => [l.partNumber, l.quantity, l.unitPrice, l.lineTotal, l.problem]);

describe('the cart', () => {
  it('adds lines, prices each at its break, and re-prices when the same tool is added again', async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    const r = await relay();
    expect((await cartOf(buyer)).json<Cart>()).toEqual({
      lines: [],
      subtotal: 0,
      shipping: 0,
      tax: 0,
      taxRate: 0,
      total: 0,
      ready: true,
      asAvailable: null,
    });

    let cart = (await add(buyer, [{ toolId: m.id, quantity: 20 }])).json<Cart>();
    expect(shape(cart)).toEqual([[m.partNumber, 20, 89.5, 1790, null]]);
    cart = (await add(buyer, [{ toolId: m.id, quantity: 5 }])).json<Cart>();
    expect(shape(cart)).toEqual([[m.partNumber, 25, 84, 2100, null]]);
    cart = (await add(buyer, [{ toolId: r.id, quantity: 40 }])).json<Cart>();
    expect(shape(cart)).toEqual([
      [m.partNumber, 25, 84, 2100, null],
      [r.partNumber, 40, 8.9, 356, null],
    ]);
    // Over $75.00 of goods: shipping is free, so the total is the subtotal.
    expect(cart).toMatchObject({ subtotal: 2456, shipping: 0, total: 2456, ready: true });
    // The cart is the account's, on the server: another session sees the same.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: buyer.email, password: buyer.password },
    });
    const otherDevice = { ...buyer, cookie: sessionCookie(again) };
    expect(otherDevice.cookie).not.toBe(buyer.cookie);
    expect((await cartOf(otherDevice)).json<Cart>()).toEqual(cart);
  });

  it('suggests the next price break when it costs no more, and only what the stock covers', async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    const cart = (await add(buyer, [{ toolId: m.id, quantity: 24 }])).json<Cart>();
    // 24 × $89.50 = $2,148.00; 25 × $84.00 = $2,100.00.
    expect(cart.lines[0]?.suggestion).toEqual({ quantity: 25, lineTotal: 2100, saving: 48 });
    expect(pricingMessages.nextBreak(25, 24, 4800)).toBe('Buy 25 instead of 24: $48.00 less.');
    // 20 × $89.50 = $1,790.00: the break costs more, nothing to suggest.
    const fewer = (await setQuantity(buyer, m.id, 20)).json<Cart>();
    expect(fewer.lines[0]?.suggestion).toBeNull();
    // Only 24 in stock: 25 cannot be had, so it is not offered.
    const scarce = await meter({ inStock: 24 });
    const other = await registerUser(t.app);
    const short = (await add(other, [{ toolId: scarce.id, quantity: 24 }])).json<Cart>();
    expect(short.lines[0]?.suggestion).toBeNull();
  });

  it("refuses a quantity by the order form's rules, all or nothing, naming the line", async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    const r = await relay();
    const cases: [{ toolId: string; quantity: number }[], number, string][] = [
      [[{ toolId: m.id, quantity: 1 }], 400, 'Minimum Order Quantity 2 pcs.'],
      [[{ toolId: r.id, quantity: 30 }], 400, 'Order in multiples of 20 pcs.'],
      [[{ toolId: m.id, quantity: 141 }], 409, 'Maximum Order Quantity 140 pcs.'],
      [[{ toolId: randomUUID(), quantity: 1 }], 404, 'This tool is not in the catalogue any more.'],
      [
        [
          { toolId: m.id, quantity: 2 },
          { toolId: r.id, quantity: 120 },
        ],
        409,
        `${r.partNumber}: Maximum Order Quantity 100 pcs.`,
      ],
    ];
    for (const [lines, status, message] of cases) {
      const res = await add(buyer, lines);
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).message).toBe(message);
    }
    expect((await cartOf(buyer)).json<Cart>().lines).toEqual([]);
  });

  it('gives the same cart for a bulk add as for the same adds one at a time', async () => {
    const [bulk, single] = [await registerUser(t.app), await registerUser(t.app)];
    const m = await meter();
    const r = await relay();
    const lines = [
      { toolId: m.id, quantity: 10 },
      { toolId: r.id, quantity: 20 },
      { toolId: m.id, quantity: 15 },
    ];
    const bulkCart = (await add(bulk, lines)).json<Cart>();
    for (const line of lines) await add(single, [line]);
    expect(shape((await cartOf(single)).json<Cart>())).toEqual(shape(bulkCart));
    expect(shape(bulkCart)).toEqual([
      [m.partNumber, 25, 84, 2100, null],
      [r.partNumber, 20, 8.9, 178, null],
    ]);
  });

  it('sets and removes lines of its own cart only', async () => {
    const buyer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const m = await meter();
    await add(buyer, [{ toolId: m.id, quantity: 2 }]);
    expect(shape((await setQuantity(buyer, m.id, 100)).json<Cart>())).toEqual([
      [m.partNumber, 100, 79, 7900, null],
    ]);
    expect((await setQuantity(buyer, m.id, 3)).statusCode).toBe(200);
    const refused = await setQuantity(buyer, m.id, 1);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([
      400,
      'Minimum Order Quantity 2 pcs.',
    ]);
    // Another account has no such line: 404, and the owner's line is untouched.
    expect((await setQuantity(other, m.id, 5)).statusCode).toBe(404);
    const removedByOther = await request(t.app, {
      method: 'DELETE',
      url: `/api/cart/lines/${m.id}`,
      as: other,
    });
    expect(removedByOther.json<Cart>().lines).toEqual([]);
    expect(shape((await cartOf(buyer)).json<Cart>())).toEqual([
      [m.partNumber, 3, 89.5, 268.5, null],
    ]);
    const removed = await request(t.app, {
      method: 'DELETE',
      url: `/api/cart/lines/${m.id}`,
      as: buyer,
    });
    expect(removed.json<Cart>().lines).toEqual([]);
  });

  it('says on the line what went stale and what to do', async () => {
    const buyer = await registerUser(t.app);
    const [gone, short, repriced, fine] = [
      await meter(),
      await meter(),
      await meter(),
      await relay(),
    ];
    await add(buyer, [
      { toolId: gone.id, quantity: 2 },
      { toolId: short.id, quantity: 30 },
      { toolId: repriced.id, quantity: 2 },
      { toolId: fine.id, quantity: 20 },
    ]);
    await t.app.db.update(tool).set({ archivedAt: new Date() }).where(eq(tool.id, gone.id));
    await t.app.db.update(tool).set({ inStock: 12 }).where(eq(tool.id, short.id));
    await t.app.db.update(tool).set({ priceCents: 9950 }).where(eq(tool.id, repriced.id));
    const cart = (await cartOf(buyer)).json<Cart>();
    expect(cart.lines.map((l) => [l.toolId, l.problem, l.notice])).toEqual([
      [gone.id, 'No longer sold. Remove it to check out.', null],
      [short.id, 'Only 12 in stock now. Lower the quantity to check out.', null],
      [repriced.id, null, 'The price changed from $89.50 to $99.50 each since you added it.'],
      [fine.id, null, null],
    ]);
    expect(cart.ready).toBe(false);
    // Setting the quantity again is seeing the new price.
    await setQuantity(buyer, repriced.id, 2);
    const seen = (await cartOf(buyer)).json<Cart>().lines.find((l) => l.toolId === repriced.id);
    expect(seen?.notice).toBeNull();
  });

  it("merges a visitor's cart at sign-in: added, capped by stock in whole packs, or left out, and says so", async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    const r = await relay({ inStock: 70 });
    const gone = await meter({ archivedAt: new Date() });
    await add(buyer, [{ toolId: m.id, quantity: 4 }]);
    const res = await merge(buyer, [
      { toolId: m.id, quantity: 21 },
      { toolId: r.id, quantity: 80 },
      { toolId: gone.id, quantity: 2 },
      { toolId: 'not-a-tool', quantity: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    const { cart, changes } = res.json<MergeCartResult>();
    expect(shape(cart)).toEqual([
      [m.partNumber, 25, 84, 2100, null],
      [r.partNumber, 60, 8.9, 534, null],
    ]);
    expect(changes).toEqual([
      `${m.partNumber}: 21 pcs. from this browser added to your cart.`,
      `${r.partNumber}: only 60 pcs. in your cart, as much as is in stock.`,
      `${gone.partNumber}: not added, it cannot be ordered now (sold out or no longer sold).`,
      'A tool: not added, it cannot be ordered now (sold out or no longer sold).',
    ]);
  });

  it("prices a visitor's lines as the account's cart would be, gone tools included, in one call", async () => {
    const m = await meter();
    const r = await relay();
    const buyer = await registerUser(t.app);
    const lines = [
      { toolId: r.id, quantity: 40 },
      { toolId: m.id, quantity: 2 },
    ];
    await add(buyer, lines);
    const account = (await cartOf(buyer)).json<Cart>();
    const priced = await request(t.app, {
      method: 'POST',
      url: '/api/cart/price',
      payload: { lines: [...lines, { toolId: randomUUID(), quantity: 3 }] },
    });
    expect(priced.statusCode).toBe(200);
    const visitor = priced.json<Cart>();
    expect(visitor.lines.slice(0, 2)).toEqual(account.lines);
    expect(visitor.subtotal).toBe(account.subtotal);
    expect(visitor.lines[2]).toMatchObject({
      partNumber: '',
      name: GONE_TOOL_NAME,
      problem: cartMessages.archived,
      lineTotal: 0,
    });
    expect(visitor.ready).toBe(false);
  });

  it('counts every one of many concurrent adds', async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    await Promise.all(
      Array.from({ length: 10 }, () => add(buyer, [{ toolId: m.id, quantity: 2 }])),
    );
    expect((await cartOf(buyer)).json<Cart>().lines[0]?.quantity).toBe(20);
  });

  it('goes with a removed account, and answers 401 to a visitor', async () => {
    const buyer = await registerUser(t.app);
    const m = await meter();
    await add(buyer, [{ toolId: m.id, quantity: 2 }]);
    const removed = await request(t.app, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(buyer.email)}`,
      as: t.admin,
    });
    expect(removed.statusCode).toBe(200);
    const left = await t.app.db.select().from(cartLine).where(eq(cartLine.userId, buyer.id));
    expect(left).toEqual([]);
    expect((await request(t.app, { method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
  });
});
