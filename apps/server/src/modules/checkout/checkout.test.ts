import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages } from '@voltforge/contract/address-rules';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { Cart } from '@voltforge/contract/cart';
import type { Order } from '@voltforge/contract/order';
import { mailOutbox } from '../../db/schema/mail.ts';
import { order } from '../../db/schema/order.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { orderNotifier } from '../../mail/order-notices.ts';
import { expireUnpaidOrders } from '../orders/order-expiry.ts';
import { MAX_PO_NUMBER_LENGTH, poNumberMessage } from '@voltforge/contract/po-number';
import { DOCUMENTS_EXPORT_PATH, ORDER_EXPORT_PATH } from '@voltforge/contract/order-export';
import { payWithTestCard } from '../../../test/payment-test-orders.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const where = { phone: '+1 555 010 2030', address: '7 Reel Street, Springfield' };

async function addToCart(who: TestUser, lines: Array<{ toolId: string; quantity: number }>) {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/cart/lines',
    payload: { lines },
    as: who,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Cart>();
}

async function cartOf(who: TestUser): Promise<Cart> {
  return (await request(t.app, { method: 'GET', url: '/api/cart', as: who })).json<Cart>();
}

function checkout(who: TestUser, expectedTotal: number, body: object = {}) {
  return request(t.app, {
    method: 'POST',
    url: '/api/checkout',
    payload: { ...where, expectedTotal, ...body },
    as: who,
  });
}

async function stockOf(ids: string[]): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: tool.id, inStock: tool.inStock })
    .from(tool)
    .where(inArray(tool.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.inStock ?? Number.NaN);
}

async function ordersOf(who: TestUser) {
  return t.app.db.select().from(order).where(eq(order.userId, who.id));
}

describe('POST /api/checkout', () => {
  it('makes one order of the whole cart: a line per tool at its break, stock, movements, one mail', async () => {
    const buyer = await registerUser(t.app);
    const relay = await insertTool(t.app.db, {
      name: 'Relay Module',
      partNumber: 'VF-RL12-T1',
      priceCents: 450,
      minOrderQuantity: 20,
      orderMultiple: 20,
      priceBreaks: [{ quantity: 100, unitPriceCents: 390 }],
      inStock: 500,
    });
    const meter = await insertTool(t.app.db, { priceCents: 8950, minOrderQuantity: 1, inStock: 9 });
    const probe = await insertTool(t.app.db, {
      priceCents: 1299,
      minOrderQuantity: 2,
      inStock: 40,
    });
    await addToCart(buyer, [
      { toolId: relay.id, quantity: 100 },
      { toolId: meter.id, quantity: 2 },
      { toolId: probe.id, quantity: 4 },
    ]);
    const cart = await cartOf(buyer);
    // 100 × 3.90 + 2 × 89.50 + 4 × 12.99, summed in cents.
    expect(cart.total).toBe(620.96);

    const res = await checkout(buyer, cart.total);
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect(placed).toMatchObject({
      order: 'VF-RL12-T1 and 2 more',
      partNumber: 'VF-RL12-T1',
      toolId: relay.id,
      price: 620.96,
      quantity: 1,
      total: 620.96,
      status: 'pending_payment',
      ...where,
    });
    expect(placed.lines).toEqual([
      {
        toolId: relay.id,
        partNumber: 'VF-RL12-T1',
        name: 'Relay Module',
        quantity: 100,
        unitPrice: 3.9,
        lineTotal: 390,
        customerRef: null,
        project: null,
        lineNo: 1,
        shipped: 0,
        allocated: 100,
        backordered: 0,
        cancelled: 0,
        promisedOn: null,
      },
      expect.objectContaining({ toolId: meter.id, quantity: 2, unitPrice: 89.5, lineTotal: 179 }),
      expect.objectContaining({
        toolId: probe.id,
        quantity: 4,
        unitPrice: 12.99,
        lineTotal: 51.96,
      }),
    ]);
    // Σ line totals = the order's total = what the card is asked for.
    const sum = placed.lines.reduce((cents, l) => cents + Math.round(l.lineTotal * 100), 0);
    expect(sum).toBe(Math.round(placed.total * 100));
    const intent = await request(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: placed._id },
      as: buyer,
    });
    expect(intent.statusCode).toBe(200);
    const [charged] = await t.app.db
      .select({ amountCents: testPaymentIntent.amountCents })
      .from(testPaymentIntent)
      .where(
        eq(testPaymentIntent.clientSecret, intent.json<{ clientSecret: string }>().clientSecret),
      );
    expect(charged?.amountCents).toBe(62096);

    expect(await stockOf([relay.id, meter.id, probe.id])).toEqual([400, 7, 36]);
    const moves = await t.app.db
      .select({ tool: stockMovement.toolId, delta: stockMovement.delta })
      .from(stockMovement)
      .where(eq(stockMovement.orderId, placed._id));
    expect(moves).toHaveLength(3);
    expect(moves).toEqual(
      expect.arrayContaining([
        { tool: relay.id, delta: -100 },
        { tool: meter.id, delta: -2 },
        { tool: probe.id, delta: -4 },
      ]),
    );
    const mails = await t.app.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, placed._id));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('VF-RL12-T1 × 100');
    expect(mails[0]?.subject).toContain('$620.96');
    // The cart is empty now, and the order reads the same in My Orders.
    expect((await cartOf(buyer)).lines).toEqual([]);
    const mine = await request(t.app, { method: 'GET', url: '/api/order', as: buyer });
    expect(mine.json<Order[]>()).toEqual([placed]);
  });

  it('reserves nothing when one line is short, and names that line', async () => {
    const buyer = await registerUser(t.app);
    const plenty = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 50 });
    const scarce = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 10 });
    await addToCart(buyer, [
      { toolId: plenty.id, quantity: 5 },
      { toolId: scarce.id, quantity: 8 },
    ]);
    const cart = await cartOf(buyer);
    // Someone else buys most of the scarce tool after this buyer looked at the cart.
    await t.app.db.update(tool).set({ inStock: 3 }).where(eq(tool.id, scarce.id));

    const res = await checkout(buyer, cart.total);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      message: checkoutMessages.notReady,
      fields: { [scarce.id]: 'Only 3 in stock now. Lower the quantity to check out.' },
    });
    expect(await stockOf([plenty.id, scarce.id])).toEqual([50, 3]);
    expect(await ordersOf(buyer)).toEqual([]);
    expect((await cartOf(buyer)).lines).toHaveLength(2);
  });

  it('refuses a total the buyer did not see (a price changed after they looked)', async () => {
    const buyer = await registerUser(t.app);
    const item = await insertTool(t.app.db, { minOrderQuantity: 1, priceCents: 1000, inStock: 20 });
    await addToCart(buyer, [{ toolId: item.id, quantity: 3 }]);
    const shown = (await cartOf(buyer)).total;
    await t.app.db.update(tool).set({ priceCents: 1100 }).where(eq(tool.id, item.id));

    const res = await checkout(buyer, shown);
    expect(res.statusCode).toBe(409);
    // $30.00 → $33.00 of goods, each with $7.50 shipping (under the free-shipping threshold)
    expect(errorOf(res).message).toBe(checkoutMessages.totalChanged(37.5, 40.5));
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await stockOf([item.id])).toEqual([20]);
    // Confirmed at the new total, it goes through.
    expect((await checkout(buyer, 40.5)).statusCode).toBe(201);
  });

  it('makes one order of a cart however often Checkout is pressed at once', async () => {
    const buyer = await registerUser(t.app);
    const [x, y] = [
      await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 30 }),
      await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 30 }),
    ];
    await addToCart(buyer, [
      { toolId: x.id, quantity: 2 },
      { toolId: y.id, quantity: 5 },
    ]);
    const total = (await cartOf(buyer)).total;
    const answers = await Promise.all([1, 2, 3, 4].map(() => checkout(buyer, total)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect([checkoutMessages.cartChanged, checkoutMessages.emptyCart]).toContain(
        errorOf(r).message,
      );
    }
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await stockOf([x.id, y.id])).toEqual([28, 25]);
  });

  it('answers an empty cart, a cart line the rules refuse, and a bad body with clear messages', async () => {
    const buyer = await registerUser(t.app);
    const empty = await checkout(buyer, 0);
    expect(empty.statusCode).toBe(409);
    expect(errorOf(empty).message).toBe(checkoutMessages.emptyCart);

    const item = await insertTool(t.app.db, { minOrderQuantity: 1, inStock: 20 });
    await addToCart(buyer, [{ toolId: item.id, quantity: 4 }]);
    await t.app.db.update(tool).set({ archivedAt: new Date() }).where(eq(tool.id, item.id));
    const archived = await checkout(buyer, 50);
    expect(archived.statusCode).toBe(409);
    expect(errorOf(archived).fields).toEqual({
      [item.id]: 'No longer sold. Remove it to check out.',
    });

    const bad = await checkout(buyer, 50, { phone: 'call me', price: 1 });
    expect(bad.statusCode).toBe(400);
    const negative = await checkout(buyer, -29.77);
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative).fields).toEqual({
      expectedTotal: checkoutMessages.expectedTotalNegative,
    });
    const words = await checkout(buyer, 'thirty' as unknown as number);
    expect(errorOf(words).fields).toEqual({
      expectedTotal: checkoutMessages.expectedTotalNotNumber,
    });
    const missing = await request(t.app, {
      method: 'POST',
      url: '/api/checkout',
      as: buyer,
      payload: where,
    });
    expect(errorOf(missing).fields).toEqual({
      expectedTotal: checkoutMessages.expectedTotalRequired,
    });
    const longAddress = Array.from({ length: 250 }, (_, i) => `Line ${i + 1}`).join('\n');
    const tooLong = await checkout(buyer, 50, { address: longAddress });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toEqual({ address: addressMessages.tooManyLines });
    const anonymous = await request(t.app, {
      method: 'POST',
      url: '/api/checkout',
      payload: { ...where, expectedTotal: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the PO number and who the invoice is made out to on the order, invoice, mails, exports and staff search', async () => {
    const buyer = await registerUser(t.app);
    const drill = await insertTool(t.app.db, {
      priceCents: 5000,
      minOrderQuantity: 1,
      inStock: 20,
    });
    await addToCart(buyer, [{ toolId: drill.id, quantity: 2 }]);
    const cart = await cartOf(buyer);
    const res = await checkout(buyer, cart.total, {
      poNumber: '  PO-2026/4471 ',
      company: 'Acme Controls Ltd',
      taxId: 'de 123456789',
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect(placed).toMatchObject({
      poNumber: 'PO-2026/4471',
      company: 'Acme Controls Ltd',
      taxId: 'DE123456789',
    });
    const [placedMail] = await t.app.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, placed._id));
    expect(placedMail?.text).toContain('PO-2026/4471');

    await payWithTestCard(t.app, buyer, placed._id);
    const pdf = await request(t.app, {
      method: 'GET',
      url: `/api/order/${placed._id}/invoice.pdf`,
      as: buyer,
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(/Your PO number:?\s+PO-2026\/4471/);
    expect(text).toContain('Acme Controls Ltd');
    expect(text).toContain('DE123456789');

    // Staff find it by the PO number, and both exports carry it.
    const found = await request(t.app, {
      method: 'GET',
      url: '/api/orders?search=2026%2F4471',
      as: t.admin,
    });
    expect(found.json<Order[]>().map((o) => o._id)).toEqual([placed._id]);
    const byCompany = await request(t.app, {
      method: 'GET',
      url: '/api/orders?search=acme%20controls',
      as: t.admin,
    });
    expect(byCompany.json<Order[]>().map((o) => o._id)).toContain(placed._id);
    const orders = await request(t.app, {
      method: 'GET',
      url: `${ORDER_EXPORT_PATH}?search=2026%2F4471`,
      as: t.admin,
    });
    const [header, row] = orders.body.replace(/^\ufeff/, '').split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['poNumber', 'quote']);
    expect(row?.split(',').slice(-2)).toEqual(['PO-2026/4471', '']);
    const today = new Date().toISOString().slice(0, 10);
    const documents = await request(t.app, {
      method: 'GET',
      url: `${DOCUMENTS_EXPORT_PATH}?from=${today}&to=${today}`,
      as: t.admin,
    });
    expect(documents.body).toMatch(/,PO-2026\/4471,\r\n/);
  });

  it('refuses a PO number too long or of more than one line, and places nothing', async () => {
    const buyer = await registerUser(t.app);
    const drill = await insertTool(t.app.db, {
      priceCents: 5000,
      minOrderQuantity: 1,
      inStock: 20,
    });
    await addToCart(buyer, [{ toolId: drill.id, quantity: 1 }]);
    const cart = await cartOf(buyer);
    for (const poNumber of ['P'.repeat(MAX_PO_NUMBER_LENGTH + 1), 'PO-1\nPO-2', 'PO\u0007']) {
      const res = await checkout(buyer, cart.total, { poNumber });
      expect(res.statusCode, poNumber).toBe(400);
      expect(errorOf(res).fields?.poNumber).toBe(poNumberMessage);
    }
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it('counts orders, not lines, against the unpaid limit', async () => {
    const buyer = await registerUser(t.app);
    const tools = await Promise.all(
      Array.from({ length: 6 }, () => insertTool(t.app.db, { minOrderQuantity: 1, inStock: 9 })),
    );
    await addToCart(
      buyer,
      tools.map((x) => ({ toolId: x.id, quantity: 1 })),
    );
    expect((await checkout(buyer, (await cartOf(buyer)).total)).statusCode).toBe(201);
    // One order of six lines so far: four more orders are allowed (the limit is 5).
    for (let i = 0; i < 4; i += 1) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/order',
        payload: { toolId: tools[i]!.id, quantity: 1, ...where },
        as: buyer,
      });
      expect(res.statusCode).toBe(201);
    }
    await addToCart(buyer, [{ toolId: tools[5]!.id, quantity: 1 }]);
    const sixth = await checkout(buyer, (await cartOf(buyer)).total);
    expect(sixth.statusCode).toBe(409);
    expect(errorOf(sixth).message).toContain('You already have 5 unpaid orders.');
  });

  it('gives every line its stock back, each with its own movement, when the order is cancelled', async () => {
    const buyer = await registerUser(t.app);
    const [x, y, z] = await Promise.all(
      [1, 2, 3].map(() => insertTool(t.app.db, { minOrderQuantity: 1, inStock: 10 })),
    );
    await addToCart(buyer, [
      { toolId: z!.id, quantity: 1 },
      { toolId: x!.id, quantity: 2 },
      { toolId: y!.id, quantity: 3 },
    ]);
    const placed = (await checkout(buyer, (await cartOf(buyer)).total)).json<Order>();
    expect(await stockOf([x!.id, y!.id, z!.id])).toEqual([8, 7, 9]);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      as: buyer,
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf([x!.id, y!.id, z!.id])).toEqual([10, 10, 10]);
    const back = await t.app.db
      .select({ tool: stockMovement.toolId, delta: stockMovement.delta })
      .from(stockMovement)
      .where(sql`${stockMovement.orderId} = ${placed._id} and ${stockMovement.reason} = 'cancel'`);
    expect(back).toHaveLength(3);
    expect(back).toEqual(
      expect.arrayContaining([
        { tool: x!.id, delta: 2 },
        { tool: y!.id, delta: 3 },
        { tool: z!.id, delta: 1 },
      ]),
    );
  });

  it('gives every line its stock back when the hold on an unpaid order runs out', async () => {
    const buyer = await registerUser(t.app);
    const [x, y] = await Promise.all(
      [1, 2].map(() => insertTool(t.app.db, { minOrderQuantity: 1, inStock: 10 })),
    );
    await addToCart(buyer, [
      { toolId: x!.id, quantity: 4 },
      { toolId: y!.id, quantity: 5 },
    ]);
    const placed = (await checkout(buyer, (await cartOf(buyer)).total)).json<Order>();
    await t.app.db
      .update(order)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(order.id, placed._id));

    const expired = await expireUnpaidOrders(t.app.db, {
      placedBefore: new Date(Date.now() - 48 * 3_600_000),
      notify: orderNotifier({ publicUrl: 'http://localhost:3000', holdHours: 48 }),
    });
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await stockOf([x!.id, y!.id])).toEqual([10, 10]);
    const [row] = await t.app.db.select().from(order).where(eq(order.id, placed._id));
    expect(row?.status).toBe('cancelled');
  });
});
