import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import { addressMessages } from '@voltforge/contract/address-rules';
import { phoneMessages } from '@voltforge/contract/phone-rules';
import { order, orderLine } from '../../db/schema/order.ts';
import { stockMovement, tool } from '../../db/schema/tool.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { errorOf } from '../../../test/error-body.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // These tests place many orders per customer; the unpaid-order limit has its own tests below.
  t = await createShopTestApp({ env: { MAX_UNPAID_ORDERS: '1000' } });
  ({ customerA: alice, customerB: bob, admin } = t);
});
afterAll(() => t.close());

const createTool = (values: Partial<typeof tool.$inferInsert> = {}) => insertTool(t.app.db, values);

async function stockOf(toolId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ inStock: tool.inStock })
    .from(tool)
    .where(eq(tool.id, toolId));
  return row?.inStock ?? Number.NaN;
}

async function movementsOf(toolId: string) {
  return t.app.db
    .select({
      delta: stockMovement.delta,
      reason: stockMovement.reason,
      orderId: stockMovement.orderId,
    })
    .from(stockMovement)
    .where(eq(stockMovement.toolId, toolId))
    .orderBy(stockMovement.createdAt);
}

async function orderCountFor(toolId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLine)
    .where(eq(orderLine.toolId, toolId));
  return row?.n ?? Number.NaN;
}

const validBody = (toolId: string, quantity: unknown = 4) => ({
  toolId,
  quantity,
  phone: '+1 (555) 010-2030',
  address: '12 Foundry Lane, Springfield',
});

async function placeAs(who: TestUser, payload: unknown) {
  return request(t.app, { method: 'POST', url: '/api/order', payload: payload as object, as: who });
}

describe('POST /api/order', () => {
  it('places an order with name and email from the session and the price from the tool', async () => {
    const { id, name, partNumber } = await createTool();
    const res = await placeAs(alice, validBody(id, 4));
    expect(res.statusCode).toBe(201);
    const body = res.json<Order>();
    expect(body).toEqual({
      _id: expect.any(String) as unknown,
      number: expect.stringMatching(/^VF-\d{5,}$/) as unknown,
      name: 'Alice Ampere',
      email: alice.email,
      order: name,
      partNumber,
      toolId: id,
      price: 12.5,
      quantity: 4,
      // $50.00 of goods ships at the flat $7.50: the threshold is "over $75.00"
      goodsTotal: 50,
      shipping: 7.5,
      tax: 0,
      taxRate: 0,
      total: 57.5,
      company: null,
      taxId: null,
      poNumber: null,
      quote: null,
      billingAddress: null,
      invoice: null,
      refunded: 0,
      refunds: [],
      carrier: null,
      trackingNumber: null,
      phone: '+1 (555) 010-2030',
      address: '12 Foundry Lane, Springfield',
      status: 'pending_payment',
      paymentMethod: 'card',
      paid: false,
      transactionId: null,
      delivered: false,
      createdAt: expect.any(String) as unknown,
      lines: [
        {
          toolId: id,
          partNumber,
          name,
          quantity: 4,
          unitPrice: 12.5,
          lineTotal: 50,
          customerRef: null,
          project: null,
          lineNo: 1,
          shipped: 0,
          allocated: 4,
          backordered: 0,
          cancelled: 0,
          promisedOn: null,
        },
      ],
      shippingMode: 'complete',
      shipments: [],
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    expect(await stockOf(id)).toBe(6);
    expect(await movementsOf(id)).toEqual([{ delta: -4, reason: 'order', orderId: body._id }]);
  });

  it('keeps the price it was ordered at when the tool price changes later', async () => {
    const { id } = await createTool({ priceCents: 999 });
    const placed = (await placeAs(alice, validBody(id, 3))).json<Order>();
    await t.app.db.update(tool).set({ priceCents: 5000 }).where(eq(tool.id, id));
    const res = await request(t.app, { method: 'GET', url: `/api/order/${placed._id}`, as: alice });
    expect(res.json<Order>()).toMatchObject({
      price: 9.99,
      quantity: 3,
      goodsTotal: 29.97,
      total: 37.47,
    });
  });

  it.each([
    ['zero', 0, 'Quantity must be at least 1'],
    ['negative', -1, 'Quantity must be at least 1'],
    ['a fraction', 1.5, 'Quantity must be a whole number'],
    ['the string "1e9"', '1e9', 'Quantity must be a whole number'],
    ['a numeric string', '5', 'Quantity must be a whole number'],
    ['10^12', 10 ** 12, 'Quantity must be at most 1,000,000'],
    ['null', null, 'Quantity is required'],
  ])('rejects a quantity that is %s with 400 and a message', async (_label, quantity, message) => {
    const { id } = await createTool();
    const res = await placeAs(alice, validBody(id, quantity));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { quantity: message } },
    });
    expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    expect(await stockOf(id)).toBe(10);
    expect(await orderCountFor(id)).toBe(0);
  });

  it('rejects a missing quantity', async () => {
    const { id } = await createTool();
    const { quantity: _omitted, ...body } = validBody(id);
    const res = await placeAs(alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { quantity: 'Quantity is required' } } });
  });

  it('answers a quantity below the tool minimum with the spec message', async () => {
    const { id } = await createTool({ minOrderQuantity: 3 });
    const res = await placeAs(alice, validBody(id, 2));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'Minimum Order Quantity 3 pcs.' } });
    expect(await stockOf(id)).toBe(10);
  });

  it('answers a quantity above the stock with 409 and what is left', async () => {
    const { id } = await createTool({ inStock: 10 });
    const res = await placeAs(alice, validBody(id, 11));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'Only 10 left in stock' } });
    expect(await stockOf(id)).toBe(10);
    expect(await orderCountFor(id)).toBe(0);
  });

  it('says out of stock when nothing is left', async () => {
    const { id } = await createTool({ inStock: 0, minOrderQuantity: 1 });
    const res = await placeAs(alice, validBody(id, 1));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: 'Out of stock' } });
  });

  it('accepts exactly the minimum and exactly the whole stock', async () => {
    const { id } = await createTool({ minOrderQuantity: 3, inStock: 10 });
    expect((await placeAs(alice, validBody(id, 3))).statusCode).toBe(201);
    expect((await placeAs(alice, validBody(id, 7))).statusCode).toBe(201);
    expect(await stockOf(id)).toBe(0);
  });

  it('answers an unknown, malformed or archived tool with 404', async () => {
    const archived = await createTool({ archivedAt: new Date() });
    for (const toolId of [randomUUID(), 'not-a-uuid', archived.id]) {
      const res = await placeAs(alice, validBody(toolId, 4));
      expect(res.statusCode, toolId).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: 'This tool is not available.' },
      });
    }
    expect(await stockOf(archived.id)).toBe(10);
  });

  // Documented choice: the body is strict, so tampering fails loudly instead of being ignored.
  it.each([
    ['price', { price: 0.01 }],
    ['paid', { paid: true }],
    ['email', { email: 'someone-else@example.com' }],
    ['status', { status: 'delivered' }],
    ['name and total', { name: 'Mallory', total: 0 }],
  ])('rejects a body that also carries %s with 400 and stores nothing', async (_label, extra) => {
    const { id } = await createTool();
    const res = await placeAs(alice, { ...validBody(id), ...extra });
    expect(res.statusCode).toBe(400);
    const message = res.json<{ error: { message: string } }>().error.message;
    for (const key of Object.keys(extra)) expect(message).toContain(`"${key}"`);
    expect(await stockOf(id)).toBe(10);
    expect(await orderCountFor(id)).toBe(0);
  });

  it.each([
    ['empty', '', 'Phone is required'],
    ['letters', 'call me maybe', phoneMessages.invalid],
    ['too short', '12345', phoneMessages.invalid],
    ['too long', '1234567890123456', phoneMessages.invalid],
  ])('rejects a phone that is %s', async (_label, phone, message) => {
    const { id } = await createTool();
    const res = await placeAs(alice, { ...validBody(id), phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { phone: message } } });
  });

  it('requires an address', async () => {
    const { id } = await createTool();
    const res = await placeAs(alice, { ...validBody(id), address: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { address: 'Address is required' } } });
  });

  it('refuses an address an invoice cannot print, saying why, and places nothing', async () => {
    const { id } = await createTool();
    for (const [address, message] of [
      [
        Array.from({ length: 250 }, (_, i) => `Line ${i + 1}`).join('\n'),
        addressMessages.tooManyLines,
      ],
      [`12 ${'Long '.repeat(25)}Lane`, addressMessages.lineTooLong],
      ['12 Foundry Lane 🏠', addressMessages.emoji],
    ]) {
      const res = await placeAs(alice, { ...validBody(id), address });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ address: message });
    }
    expect(await orderCountFor(id)).toBe(0);
    // Six lines, and right-to-left scripts, are addresses.
    const arabic = 'شارع الملك فهد 12\nالرياض 11564\nالمملكة العربية السعودية';
    expect((await placeAs(alice, { ...validBody(id), address: arabic })).statusCode).toBe(201);
    const six = 'Unit 4\nBuilding B\n12 Foundry Lane\nIndustrial Park\nSpringfield\nIL 62701';
    expect((await placeAs(alice, { ...validBody(id), address: six })).statusCode).toBe(201);
  });

  it('refuses a total larger than the books can hold, keeping the stock', async () => {
    const { id } = await createTool({ priceCents: 5_000_000, minOrderQuantity: 1, inStock: 5000 });
    const res = await placeAs(alice, validBody(id, 1000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: expect.stringContaining('too large') as unknown },
    });
    expect(await stockOf(id)).toBe(5000);
    expect(await orderCountFor(id)).toBe(0);
  });

  it('answers an anonymous caller with 401 before looking at the body', async () => {
    const { id } = await createTool();
    for (const payload of [validBody(id), { junk: true }]) {
      const res = await request(t.app, { method: 'POST', url: '/api/order', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect(await stockOf(id)).toBe(10);
  });
});

describe('price breaks and order multiples', () => {
  const broken = () =>
    createTool({
      priceCents: 8950,
      minOrderQuantity: 2,
      inStock: 500,
      orderMultiple: 1,
      priceBreaks: [
        { quantity: 25, unitPriceCents: 8400 },
        { quantity: 100, unitPriceCents: 7900 },
      ],
    });

  it('prices each order at the break its quantity reaches', async () => {
    const { id } = await broken();
    const at = async (quantity: number) => {
      const res = await placeAs(alice, validBody(id, quantity));
      expect(res.statusCode).toBe(201);
      const { price, total } = res.json<Order>();
      return { price, total };
    };
    expect(await at(24)).toEqual({ price: 89.5, total: 2148 });
    expect(await at(25)).toEqual({ price: 84, total: 2100 });
    expect(await at(100)).toEqual({ price: 79, total: 7900 });
    expect(await stockOf(id)).toBe(500 - 149);
  });

  it('refuses a quantity that is not a multiple, with the message, reserving nothing', async () => {
    const { id } = await createTool({ minOrderQuantity: 20, orderMultiple: 20, inStock: 100 });
    const res = await placeAs(alice, validBody(id, 30));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        message: 'Order in multiples of 20 pcs.',
        fields: { quantity: 'Order in multiples of 20 pcs.' },
      },
    });
    expect(await stockOf(id)).toBe(100);
    expect(await orderCountFor(id)).toBe(0);
    expect((await placeAs(alice, validBody(id, 40))).statusCode).toBe(201);
  });

  it('takes no price or total from the browser', async () => {
    const { id } = await broken();
    for (const extra of [{ total: 1 }, { price: 0.01 }, { unitPriceCents: 1 }]) {
      const res = await placeAs(alice, { ...validBody(id, 30), ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect(await orderCountFor(id)).toBe(0);
    const res = await placeAs(alice, validBody(id, 30));
    expect(res.json<Order>()).toMatchObject({ price: 84, total: 2520 });
  });
});

describe('reading orders', () => {
  let aliceOrder: Order;
  let bobOrder: Order;

  beforeAll(async () => {
    const { id } = await createTool({ inStock: 100 });
    aliceOrder = (await placeAs(alice, validBody(id, 5))).json<Order>();
    bobOrder = (await placeAs(bob, validBody(id, 6))).json<Order>();
  });

  it('lists your own orders, newest first, with or without your email', async () => {
    const second = (await placeAs(alice, validBody((await createTool()).id, 3))).json<Order>();
    for (const url of ['/api/order', `/api/order?email=${encodeURIComponent(alice.email)}`]) {
      const res = await request(t.app, { method: 'GET', url, as: alice });
      expect(res.statusCode).toBe(200);
      const list = res.json<Order[]>();
      expect(list.every((o) => o.email === alice.email)).toBe(true);
      expect(list.map((o) => o._id)).toContain(aliceOrder._id);
      expect(list.map((o) => o._id)).not.toContain(bobOrder._id);
      expect(list[0]?._id).toBe(second._id);
    }
  });

  it("answers a customer asking for another customer's orders with 403", async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(bob.email)}`,
      as: alice,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it("lets an admin list a customer's orders by email", async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(bob.email.toUpperCase())}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>().map((o) => o._id)).toEqual([bobOrder._id]);
  });

  it('shows one order to its owner and an admin, and 404 to anyone else', async () => {
    const url = `/api/order/${aliceOrder._id}`;
    expect((await request(t.app, { method: 'GET', url, as: alice })).json()).toEqual(aliceOrder);
    expect((await request(t.app, { method: 'GET', url, as: admin })).statusCode).toBe(200);
    const other = await request(t.app, { method: 'GET', url, as: bob });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: 'Order not found.' } });
  });

  it('answers an unknown or malformed order id with 404', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await request(t.app, { method: 'GET', url: `/api/order/${id}`, as: alice });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers anonymous reads with 401', async () => {
    for (const url of [
      '/api/order',
      `/api/order?email=${alice.email}`,
      `/api/order/${aliceOrder._id}`,
    ]) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('DELETE /api/order/:id (cancel)', () => {
  async function markPaid(orderId: string, status: 'paid' | 'shipped' = 'paid') {
    await t.app.db
      .update(order)
      .set({ status, transactionId: 'pi_test_123', paidAt: new Date() })
      .where(eq(order.id, orderId));
  }

  it('cancels your unpaid order, returns the stock and drops it from your list', async () => {
    const { id } = await createTool({ inStock: 10 });
    const placed = (await placeAs(alice, validBody(id, 4))).json<Order>();
    expect(await stockOf(id)).toBe(6);

    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      as: alice,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(id)).toBe(10);
    expect(await movementsOf(id)).toEqual([
      { delta: -4, reason: 'order', orderId: placed._id },
      { delta: 4, reason: 'cancel', orderId: placed._id },
    ]);

    const list = await request(t.app, { method: 'GET', url: '/api/order', as: alice });
    expect(list.json<Order[]>().map((o) => o._id)).not.toContain(placed._id);
    const one = await request(t.app, { method: 'GET', url: `/api/order/${placed._id}`, as: alice });
    expect(one.json()).toMatchObject({ status: 'cancelled', paid: false });

    const again = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      as: alice,
    });
    expect(again.json()).toEqual({ deletedCount: 0 });
    expect(await stockOf(id)).toBe(10);
  });

  it("answers another customer's delete with 404 and changes nothing", async () => {
    const { id } = await createTool();
    const placed = (await placeAs(alice, validBody(id, 4))).json<Order>();
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      as: bob,
    });
    expect(res.statusCode).toBe(404);
    expect(await stockOf(id)).toBe(6);
    const one = await request(t.app, { method: 'GET', url: `/api/order/${placed._id}`, as: alice });
    expect(one.json()).toMatchObject({ status: 'pending_payment' });
  });

  it('answers an anonymous delete with 401', async () => {
    const { id } = await createTool();
    const placed = (await placeAs(alice, validBody(id, 4))).json<Order>();
    const res = await request(t.app, { method: 'DELETE', url: `/api/order/${placed._id}` });
    expect(res.statusCode).toBe(401);
    expect(await stockOf(id)).toBe(6);
  });

  it('does not let a customer delete a paid order, and shows it as paid', async () => {
    const { id } = await createTool();
    const placed = (await placeAs(alice, validBody(id, 4))).json<Order>();
    await markPaid(placed._id);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      as: alice,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { message: 'A paid order cannot be deleted. Please contact support.' },
    });
    expect(await stockOf(id)).toBe(6);
    const list = await request(t.app, { method: 'GET', url: '/api/order', as: alice });
    expect(list.json<Order[]>().find((o) => o._id === placed._id)).toMatchObject({
      paid: true,
      transactionId: 'pi_test_123',
      status: 'paid',
    });
  });

  it('lets an admin cancel a paid order but not a shipped one', async () => {
    const { id } = await createTool();
    const paid = (await placeAs(alice, validBody(id, 3))).json<Order>();
    const shipped = (await placeAs(alice, validBody(id, 4))).json<Order>();
    await markPaid(paid._id);
    await markPaid(shipped._id, 'shipped');
    expect(await stockOf(id)).toBe(3);

    const ok = await request(t.app, { method: 'DELETE', url: `/api/order/${paid._id}`, as: admin });
    expect(ok.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(id)).toBe(6);

    const no = await request(t.app, {
      method: 'DELETE',
      url: `/api/order/${shipped._id}`,
      as: admin,
    });
    expect(no.statusCode).toBe(409);
    expect(no.json()).toMatchObject({
      error: { message: 'An order that is shipped cannot be cancelled.' },
    });
    expect(await stockOf(id)).toBe(6);
  });

  it('returns the stock once when the same order is cancelled twice at the same moment', async () => {
    const { id } = await createTool();
    const placed = (await placeAs(alice, validBody(id, 4))).json<Order>();
    const results = await Promise.all(
      [alice, alice, admin].map((as) =>
        request(t.app, { method: 'DELETE', url: `/api/order/${placed._id}`, as }),
      ),
    );
    const counts = results.map((r) => r.json<{ deletedCount: number }>().deletedCount);
    expect(counts.sort()).toEqual([0, 0, 1]);
    expect(await stockOf(id)).toBe(10);
    expect((await movementsOf(id)).filter((m) => m.reason === 'cancel')).toHaveLength(1);
  });
});
