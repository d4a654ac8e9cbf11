import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@voltforge/contract/calendar';
import { shipmentMessages } from '@voltforge/contract/back-order';
import type { Cart } from '@voltforge/contract/cart';
import type { Order } from '@voltforge/contract/order';
import type { Batch, BackorderSummary, ToolSupply } from '@voltforge/contract/supply';
import { supplyMessages } from '@voltforge/contract/supply-rules';
import { mailOutbox } from '../../db/schema/mail.ts';
import { orderLine } from '../../db/schema/order.ts';
import { stockMovement, tool as toolTable } from '../../db/schema/tool.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { registerUser, request, type TestUser } from '../../../test/test-app.ts';
import { errorOf } from '../../../test/error-body.ts';

// Back-orders (docs/payments.md, "Back-orders"): a tool sold beyond its stock against its batches
// and lead time, shipped in several shipments, its lines' pieces always adding up.

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (as: TestUser | null, method: Method, url: string, payload?: object) =>
  request(t.app, { method, url, payload, ...(as ? { as } : {}) });
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => addDays(today(), days);
const stockOf = async (id: string) =>
  (await t.app.db.select().from(toolTable).where(eq(toolTable.id, id)))[0]!.inStock;
const orderOf = async (id: string, as: TestUser) =>
  (await call(as, 'GET', `/api/order/${id}`)).json<Order>();
const mailsOf = async (orderId: string, kind: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind as 'order_shipment')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

/** A tool sold beyond its stock: `inStock` now, a lead time of `weeks`. */
async function backorderable(inStock: number, weeks = 6) {
  const made = await insertTool(t.app.db, { inStock, minOrderQuantity: 1, priceCents: 10000 });
  const res = await call(t.admin, 'PUT', `/api/admin/tools/${made.id}/supply`, {
    backorderable: true,
    leadTimeWeeks: weeks,
  });
  expect(res.statusCode, res.body).toBe(200);
  return made;
}

async function addBatch(toolId: string, quantity: number, expectedOn: string): Promise<Batch> {
  const res = await call(t.admin, 'POST', `/api/admin/tools/${toolId}/batches`, {
    quantity,
    expectedOn,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Batch>();
}

/** The buyer's cart of these lines checked out, shipping as chosen, at the total it shows. */
async function checkout(
  buyer: TestUser,
  lines: Array<{ toolId: string; quantity: number }>,
  shippingMode: 'complete' | 'as_available',
) {
  const added = await call(buyer, 'POST', '/api/cart/lines', { lines });
  expect(added.statusCode, added.body).toBe(200);
  const cart = added.json<Cart>();
  const placed = await call(buyer, 'POST', '/api/checkout', {
    phone: '+1 555 010 2030',
    address: '1 Main St, Springfield',
    expectedTotal: cart.total,
    shippingMode,
  });
  return { cart, placed };
}

async function pay(buyer: TestUser, orderId: string) {
  const intent = await call(buyer, 'POST', '/api/create-payment-intent', { orderId });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await call(buyer, 'POST', '/api/payments/test/confirm', {
    clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const { paymentIntentId } = paid.json<{ paymentIntentId: string }>();
  const marked = await call(buyer, 'PATCH', `/api/order/${orderId}`, {
    transactionId: paymentIntentId,
  });
  expect(marked.statusCode, marked.body).toBe(200);
}

const pieces = (o: Order) =>
  o.lines.map((l) => ({
    shipped: l.shipped,
    allocated: l.allocated,
    backordered: l.backordered,
    cancelled: l.cancelled,
    promisedOn: l.promisedOn,
  }));

describe('selling beyond stock', () => {
  it('sells 25 of 18 in stock: 18 now, 7 by the batch, shipped as it arrives, told each time', async () => {
    const scope = await backorderable(18);
    const batch = await addBatch(scope.id, 10, inDays(21));
    const buyer = await registerUser(t.app, { name: 'Bea Back' });

    const { cart, placed } = await checkout(
      buyer,
      [{ toolId: scope.id, quantity: 25 }],
      'as_available',
    );
    // The cart says how the quantity ships, with the contract's availability.
    expect(cart.lines[0]?.problem).toBeNull();
    expect(cart.lines[0]?.availability).toEqual({
      quantity: 25,
      now: 18,
      batches: [{ quantity: 7, date: inDays(21) }],
      later: null,
      unavailable: 0,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.shippingMode).toBe('as_available');
    expect(pieces(order)).toEqual([
      { shipped: 0, allocated: 18, backordered: 7, cancelled: 0, promisedOn: inDays(21) },
    ]);
    expect(await stockOf(scope.id)).toBe(0);
    // The batch's 3 left, then the lead time: a second buyer is promised the later day.
    const supply = (await call(null, 'GET', `/api/tool/${scope.id}/supply`)).json<ToolSupply>();
    expect(supply.incoming).toEqual([{ quantity: 3, expectedOn: inDays(21) }]);
    const other = await registerUser(t.app, { name: 'Otto Other' });
    const second = (await checkout(other, [{ toolId: scope.id, quantity: 5 }], 'complete')).placed;
    expect(second.statusCode, second.body).toBe(201);
    expect(pieces(second.json<Order>())).toEqual([
      { shipped: 0, allocated: 0, backordered: 5, cancelled: 0, promisedOn: inDays(42) },
    ]);
    await pay(buyer, order._id);

    // Staff ship what is there, with tracking: partially shipped, one mail.
    const tooMany = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ lineNo: 1, quantity: 19 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).message).toBe(shipmentMessages.tooMany(scope.partNumber, 18));
    const none = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [],
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toContain(shipmentMessages.noLines);
    const first = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ lineNo: 1, quantity: 18 }],
      carrier: 'DHL',
      trackingNumber: 'JD0001',
    });
    expect(first.statusCode, first.body).toBe(201);
    const partly = first.json<Order>();
    expect(partly.status).toBe('partially_shipped');
    expect(partly.shipments).toEqual([
      expect.objectContaining({
        number: 1,
        carrier: 'DHL',
        trackingNumber: 'JD0001',
        lines: [{ lineNo: 1, quantity: 18 }],
      }),
    ]);
    expect(await mailsOf(order._id, 'order_shipment')).toHaveLength(1);
    // Nothing is ready now: the staff's list of what can ship does not name it.
    const ready = (await call(t.admin, 'GET', '/api/admin/shipping/ready')).json<Order[]>();
    expect(ready.map((o) => o._id)).not.toContain(order._id);
    const owed = (await call(t.admin, 'GET', '/api/admin/backorders')).json<BackorderSummary[]>();
    expect(owed.find((b) => b.toolId === scope.id)).toMatchObject({
      owed: 12,
      lines: 2,
      earliestPromise: inDays(21),
      nextBatch: { quantity: 10, expectedOn: inDays(21) },
    });

    // The batch moves a week: the first buyer is told the new day; the second's stays.
    const moved = await call(t.admin, 'PATCH', `/api/admin/batches/${batch.id}`, {
      expectedOn: inDays(28),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(pieces(await orderOf(order._id, buyer))[0]?.promisedOn).toBe(inDays(28));
    const told = await mailsOf(order._id, 'backorder_date_moved');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('now due by');
    expect(await mailsOf(second.json<Order>()._id, 'backorder_date_moved')).toHaveLength(0);

    // Received: oldest first, the 7 to the first order and 3 to the second; nothing in stock.
    const received = await call(t.admin, 'POST', `/api/admin/batches/${batch.id}/receive`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(pieces(await orderOf(order._id, buyer))).toEqual([
      { shipped: 18, allocated: 7, backordered: 0, cancelled: 0, promisedOn: null },
    ]);
    expect(pieces(await orderOf(second.json<Order>()._id, other))).toEqual([
      { shipped: 0, allocated: 3, backordered: 2, cancelled: 0, promisedOn: inDays(42) },
    ]);
    expect(await stockOf(scope.id)).toBe(0);
    const twice = await call(t.admin, 'POST', `/api/admin/batches/${batch.id}/receive`, {});
    expect(twice.statusCode).toBe(409);

    // The rest ships: the order is shipped, the buyer got a mail per shipment.
    const readyNow = (await call(t.admin, 'GET', '/api/admin/shipping/ready')).json<Order[]>();
    expect(readyNow.map((o) => o._id)).toContain(order._id);
    expect(readyNow.map((o) => o._id)).not.toContain(second.json<Order>()._id);
    const last = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ lineNo: 1, quantity: 7 }],
      carrier: 'DHL',
      trackingNumber: 'JD0002',
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json<Order>().status).toBe('shipped');
    const shipmentMails = await mailsOf(order._id, 'order_shipment');
    expect(shipmentMails.map((m) => m.subject)).toEqual([
      `Part of your Voltforge order ${order.number} has shipped`,
      `Your Voltforge order ${order.number} has shipped`,
    ]);
  });

  it('ships an order shipping complete once, with everything, and not before', async () => {
    const probe = await backorderable(2);
    const buyer = await registerUser(t.app, { name: 'Cora Complete' });
    const { placed } = await checkout(buyer, [{ toolId: probe.id, quantity: 5 }], 'complete');
    const order = placed.json<Order>();
    await pay(buyer, order._id);
    const early = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ lineNo: 1, quantity: 2 }],
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(shipmentMessages.shipComplete);
    // Marking it shipped or delivered in one step is refused while pieces are owed.
    const marked = await call(t.admin, 'PATCH', `/api/order/${order._id}/status`, {
      status: 'shipped',
    });
    expect(marked.statusCode).toBe(409);
    expect(errorOf(marked).message).toBe(shipmentMessages.stillOwed(3));
    // Stock added by hand goes to the waiting back-order first.
    await t.app.db
      .update(toolTable)
      .set({ inStock: sql`${toolTable.inStock} + 4` })
      .where(eq(toolTable.id, probe.id));
    expect(await stockOf(probe.id)).toBe(1);
    expect(pieces(await orderOf(order._id, buyer))[0]).toMatchObject({
      allocated: 5,
      backordered: 0,
    });
    const whole = await call(t.admin, 'PATCH', `/api/order/${order._id}/status`, {
      status: 'shipped',
      carrier: 'UPS',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<Order>()).toMatchObject({ status: 'shipped', carrier: 'UPS' });
    expect(whole.json<Order>().shipments).toHaveLength(1);
  });

  it('cancels a back-ordered order: what was owed is cancelled, only what was set aside comes back', async () => {
    const relay = await backorderable(4);
    const buyer = await registerUser(t.app, { name: 'Cal Cancel' });
    const order = (
      await checkout(buyer, [{ toolId: relay.id, quantity: 10 }], 'complete')
    ).placed.json<Order>();
    expect(await stockOf(relay.id)).toBe(0);
    const cancelled = await call(buyer, 'DELETE', `/api/order/${order._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(relay.id)).toBe(4);
    expect(pieces(await orderOf(order._id, buyer))).toEqual([
      { shipped: 0, allocated: 0, backordered: 0, cancelled: 10, promisedOn: null },
    ]);
  });

  it('refunds a back-ordered line through the refund path: owed pieces first, nothing restocked for them', async () => {
    const meter = await backorderable(3);
    const buyer = await registerUser(t.app, { name: 'Rita Refund' });
    const order = (
      await checkout(buyer, [{ toolId: meter.id, quantity: 8 }], 'as_available')
    ).placed.json<Order>();
    await pay(buyer, order._id);
    const refunded = await call(t.admin, 'POST', `/api/order/${order._id}/refunds`, {
      lines: [{ lineNo: 1, quantity: 6 }],
      restock: true,
      reason: 'Buyer no longer needs the back-ordered pieces',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    // 5 were owed (cancelled, nothing to restock); 1 of the 3 set aside goes back to stock.
    expect(pieces(await orderOf(order._id, buyer))).toEqual([
      { shipped: 0, allocated: 2, backordered: 0, cancelled: 6, promisedOn: null },
    ]);
    expect(await stockOf(meter.id)).toBe(1);
    expect((await orderOf(order._id, buyer)).refunds[0]?.creditNote).toBeTruthy();
  });

  it('cancels a shipment before it left: its pieces set aside again, the order and the stock right, the buyer told', async () => {
    const scope = await backorderable(18);
    await addBatch(scope.id, 10, inDays(21));
    const buyer = await registerUser(t.app, { name: 'Vic Void' });
    const order = (
      await checkout(buyer, [{ toolId: scope.id, quantity: 25 }], 'as_available')
    ).placed.json<Order>();
    await pay(buyer, order._id);
    const ship = (quantity: number, trackingNumber: string) =>
      call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
        lines: [{ lineNo: 1, quantity }],
        carrier: 'UPS',
        trackingNumber,
      });
    const cancel = (number: number | string) =>
      call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments/${number}/cancel`);
    expect((await ship(10, '1Z-ONE')).statusCode).toBe(201);
    expect((await ship(8, '1Z-TWO')).statusCode).toBe(201);

    const second = await cancel(2);
    expect(second.statusCode, second.body).toBe(200);
    const afterSecond = second.json<Order>();
    expect(afterSecond.status).toBe('partially_shipped');
    expect(afterSecond.trackingNumber).toBe('1Z-ONE');
    expect(pieces(afterSecond)).toEqual([
      { shipped: 10, allocated: 8, backordered: 7, cancelled: 0, promisedOn: inDays(21) },
    ]);
    expect(afterSecond.shipments.map((s) => [s.number, s.cancelledAt !== null])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The pieces never left: the stock is as it was, and they are ready to ship again.
    expect(await stockOf(scope.id)).toBe(0);
    const mails = await mailsOf(order._id, 'shipment_cancelled');
    expect(mails.map((m) => m.subject)).toEqual([
      `Shipment 2 of your Voltforge order ${order.number} was cancelled`,
    ]);
    expect(mails[0]?.text).toContain('8 ready to ship');
    const timeline = await call(buyer, 'GET', `/api/order/${order._id}/timeline`);
    const titles = timeline.json<{ events: Array<{ title: string }> }>().events.map((e) => e.title);
    // Cancelling shipment 2 left the order partly shipped: no status change to show.
    expect(titles.filter((x) => /^(Shipment|Marked (partially )?shipped)/.test(x))).toEqual([
      'Shipment 1 sent',
      'Marked partially shipped',
      'Shipment 2 sent',
      'Shipment 2 cancelled',
    ]);
    // Twice, an unknown shipment, a shipment number that is not one: each a message.
    const twice = await cancel(2);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(shipmentMessages.alreadyCancelled(2));
    const unknown = await cancel(9);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(shipmentMessages.shipmentNotFound(9));
    expect((await cancel('two')).statusCode).toBe(400);

    // The last shipment standing cancelled: the order is paid and unshipped again.
    const first = await cancel(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Order>()).toMatchObject({ status: 'paid', trackingNumber: null });
    expect(pieces(first.json<Order>())[0]).toMatchObject({ shipped: 0, allocated: 18 });
    const later = (await call(buyer, 'GET', `/api/order/${order._id}/timeline`)).json<{
      events: Array<{ title: string; detail: string | null }>;
    }>().events;
    // The cancellation, then the status it gave, in that order.
    expect(later.slice(-2).map((e) => [e.title, e.detail])).toEqual([
      ['Shipment 1 cancelled', 'Before it left: its items are set aside to ship again.'],
      ['Marked paid', 'From partially shipped'],
    ]);
    // And it ships again from there, its shipments numbered on.
    const again = await ship(18, '1Z-THREE');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Order>().shipments.map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it('refuses to cancel a shipment whose pieces came back or whose order was delivered', async () => {
    const meter = await backorderable(10);
    const buyer = await registerUser(t.app, { name: 'Ray Return' });
    const placeAndShip = async () => {
      const order = (
        await checkout(buyer, [{ toolId: meter.id, quantity: 5 }], 'complete')
      ).placed.json<Order>();
      await pay(buyer, order._id);
      const shipped = await call(t.admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
        lines: [{ lineNo: 1, quantity: 5 }],
      });
      expect(shipped.statusCode, shipped.body).toBe(201);
      return order;
    };
    const returned = await placeAndShip();
    const refunded = await call(t.admin, 'POST', `/api/order/${returned._id}/refunds`, {
      lines: [{ lineNo: 1, quantity: 2 }],
      restock: true,
      reason: 'Two came back damaged',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const cameBack = await call(
      t.admin,
      'POST',
      `/api/admin/orders/${returned._id}/shipments/1/cancel`,
    );
    expect(cameBack.statusCode).toBe(409);
    expect(errorOf(cameBack).message).toBe(shipmentMessages.cameBack(1, meter.partNumber));
    expect(pieces(await orderOf(returned._id, buyer))[0]).toMatchObject({ shipped: 5 });

    const delivered = await placeAndShip();
    const handed = await call(t.admin, 'PATCH', `/api/order/${delivered._id}/status`, {
      status: 'delivered',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const late = await call(
      t.admin,
      'POST',
      `/api/admin/orders/${delivered._id}/shipments/1/cancel`,
    );
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(shipmentMessages.notCancellable('delivered'));
    // Nothing was written by the refusals: no mail, the stock as the refund left it.
    expect(await mailsOf(returned._id, 'shipment_cancelled')).toEqual([]);
    expect(await mailsOf(delivered._id, 'shipment_cancelled')).toEqual([]);
  });

  it('prices a project beyond stock with the days its pieces ship, as the cart will say', async () => {
    const scope = await backorderable(18);
    await addBatch(scope.id, 10, inDays(21));
    const fixed = await insertTool(t.app.db, { inStock: 500, minOrderQuantity: 1 });
    const buyer = await registerUser(t.app, { name: 'Pia Project' });
    const made = await call(buyer, 'POST', '/api/projects', {
      name: 'Scope bench',
      lines: [
        { part: scope.partNumber, quantityPerBuild: 5 },
        { part: fixed.partNumber, quantityPerBuild: 2 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<{ id: string }>();
    const price = await call(buyer, 'GET', `/api/projects/${id}/price?builds=5`);
    expect(price.statusCode, price.body).toBe(200);
    const [scopeLine, fixedLine] = price.json<{
      lines: Array<{ status: string; quantity: number; availability: unknown }>;
    }>().lines;
    // 25 of 18 in stock: ready, 18 now and 7 by the batch's day; 10 of 500: all now, no days.
    expect(scopeLine).toMatchObject({ status: 'ready', quantity: 25 });
    expect(scopeLine?.availability).toEqual({
      quantity: 25,
      now: 18,
      batches: [{ quantity: 7, date: inDays(21) }],
      later: null,
      unavailable: 0,
    });
    expect(fixedLine?.availability).toBeNull();
    // The cart the project fills says the same.
    const added = await call(buyer, 'POST', `/api/projects/${id}/cart`, { builds: 5 });
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await call(buyer, 'GET', '/api/cart')).json<Cart>();
    expect(cart.lines.find((l) => l.toolId === scope.id)?.availability).toEqual(
      scopeLine?.availability,
    );
  });

  it('keeps a tool that may not be back-ordered to its stock, as before', async () => {
    const fixed = await insertTool(t.app.db, { inStock: 3, minOrderQuantity: 1 });
    const buyer = await registerUser(t.app, { name: 'Nora Nope' });
    const res = await call(buyer, 'POST', '/api/order', {
      toolId: fixed.id,
      quantity: 5,
      phone: '+1 555 010 2030',
      address: '1 Main St',
    });
    expect(res.statusCode).toBe(409);
    expect(await stockOf(fixed.id)).toBe(3);
  });

  it('refuses bad supply input with a clear message and changes nothing', async () => {
    const made = await insertTool(t.app.db, { inStock: 1 });
    for (const leadTimeWeeks of [0, 520, 1.5]) {
      const res = await call(t.admin, 'PUT', `/api/admin/tools/${made.id}/supply`, {
        backorderable: true,
        leadTimeWeeks,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(supplyMessages.leadTime);
    }
    const noLead = await call(t.admin, 'PUT', `/api/admin/tools/${made.id}/supply`, {
      backorderable: true,
      leadTimeWeeks: null,
    });
    expect(noLead.statusCode).toBe(400);
    expect(JSON.stringify(noLead.json())).toContain(supplyMessages.backorderNeedsLeadTime);
    const past = await call(t.admin, 'POST', `/api/admin/tools/${made.id}/batches`, {
      quantity: 5,
      expectedOn: inDays(-1),
    });
    expect(past.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(toolTable).where(eq(toolTable.id, made.id));
    expect(row).toMatchObject({ backorderable: false, leadTimeWeeks: null });
  });
});

/* The property: random sequences of placing, shipping, cancelling, refunding with restock,
   receiving and restocking by hand keep every invariant after every step. */

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every invariant of back-orders for these tools, as the database holds them. */
async function checkInvariants(toolIds: string[], context: string) {
  for (const toolId of toolIds) {
    const [row] = await t.app.db.select().from(toolTable).where(eq(toolTable.id, toolId));
    const lines = await t.app.db.select().from(orderLine).where(eq(orderLine.toolId, toolId));
    for (const l of lines) {
      expect(l.shipped + l.allocated + l.backordered + l.cancelled, context).toBe(l.quantity);
      expect(
        Math.min(l.shipped, l.allocated, l.backordered, l.cancelled),
        context,
      ).toBeGreaterThanOrEqual(0);
      expect(l.backordered === 0 || l.promisedOn !== null, context).toBe(true);
    }
    // Stock is never idle while a back-order waits: it was allocated (oldest first).
    const owed = lines.reduce((sum, l) => sum + l.backordered, 0);
    expect(owed === 0 || row!.inStock === 0, `${context}: ${row!.inStock} idle, ${owed} owed`).toBe(
      true,
    );
    // The tool's running total of what its back-orders owe is their sum.
    expect(row!.backlog, `${context}: backlog`).toBe(owed);
    // The ledger says where every piece went: its sum is the stock.
    const [ledger] = await t.app.db
      .select({ sum: sql<number>`coalesce(sum(${stockMovement.delta}), 0)::int` })
      .from(stockMovement)
      .where(eq(stockMovement.toolId, toolId));
    expect(Number(ledger!.sum), `${context}: ledger`).toBe(row!.inStock);
  }
}

/** What each line shipped is what its shipments still standing carry; the status follows them. */
function checkShipments(o: Order, context: string) {
  for (const line of o.lines) {
    const carried = o.shipments
      .filter((x) => !x.cancelledAt)
      .flatMap((x) => x.lines.filter((l) => l.lineNo === line.lineNo))
      .reduce((sum, l) => sum + l.quantity, 0);
    expect(line.shipped, `${context}: line ${line.lineNo} shipped`).toBe(carried);
  }
  const standing = o.shipments.some((x) => !x.cancelledAt);
  const ahead = o.lines.some((l) => l.allocated + l.backordered > 0);
  if (o.status === 'partially_shipped')
    expect(
      standing && ahead,
      `${context}: ${JSON.stringify([o.lines.map((l) => [l.shipped, l.allocated, l.backordered, l.cancelled]), o.shipments])}`,
    ).toBe(true);
  if (o.status === 'paid') expect(standing, context).toBe(false);
}

describe('back-orders, property', () => {
  it('keeps the pieces, the stock and the ledger right through random sequences', async () => {
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    const steps = 30;
    // What the sequences did, so a run that exercised nothing fails.
    const done = new Map<string, number>();
    const count = (op: string) => done.set(op, (done.get(op) ?? 0) + 1);
    for (const seed of seeds) {
      const random = seeded(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const tools = [await backorderable(5, 4), await backorderable(0, 2)];
      // The ledger starts from the stock the tools were made with.
      for (const made of tools) {
        await t.app.db
          .insert(stockMovement)
          .values({ toolId: made.id, delta: made.inStock, reason: 'adjust' });
      }
      const buyers = [
        await registerUser(t.app, { name: `Prop A ${seed}` }),
        await registerUser(t.app, { name: `Prop B ${seed}` }),
      ];
      const orders: Array<{ id: string; buyer: TestUser; paid: boolean }> = [];
      const batches: string[] = [];
      const ops: string[] = [];
      for (let step = 0; step < steps; step += 1) {
        const op = pick([
          'place',
          'place',
          'pay',
          'pay',
          'pay',
          'ship',
          'ship',
          'ship',
          'cancel',
          'unship',
          'refund',
          'batch',
          'receive',
          'restock',
        ]);
        ops.push(op);
        const context = `seed ${seed}, step ${step} (${ops.join(' ')})`;
        if (op === 'place') {
          const buyer = pick(buyers);
          const lines = tools
            .filter(() => random() < 0.7)
            .map((made) => ({ toolId: made.id, quantity: 1 + Math.floor(random() * 9) }));
          if (lines.length === 0) continue;
          for (const made of tools) await call(buyer, 'DELETE', `/api/cart/lines/${made.id}`);
          const { placed } = await checkout(
            buyer,
            lines,
            pick(['complete', 'as_available'] as const),
          );
          if (placed.statusCode === 201) {
            const made = placed.json<Order>();
            orders.push({ id: made._id, buyer, paid: false });
            count(made.lines.some((l) => l.backordered > 0) ? 'place beyond stock' : 'place');
          } else {
            expect([409], `${context}: ${placed.body}`).toContain(placed.statusCode);
          }
        } else if (op === 'pay' && orders.some((o) => !o.paid)) {
          const o = pick(orders.filter((x) => !x.paid));
          const read = await orderOf(o.id, o.buyer);
          if (read.status === 'pending_payment') {
            await pay(o.buyer, o.id);
            o.paid = true;
          }
        } else if (op === 'ship' && orders.some((o) => o.paid)) {
          const o = pick(orders.filter((x) => x.paid));
          const read = await orderOf(o.id, o.buyer);
          const lines = read.lines
            .filter((l) => l.allocated > 0)
            .map((l) => ({
              lineNo: l.lineNo,
              quantity:
                read.shippingMode === 'complete'
                  ? l.allocated
                  : 1 + Math.floor(random() * l.allocated),
            }));
          const res = await call(t.admin, 'POST', `/api/admin/orders/${o.id}/shipments`, { lines });
          expect([201, 400, 409], `${context}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 201) count('ship');
          checkShipments(await orderOf(o.id, o.buyer), context);
        } else if (op === 'unship' && orders.some((o) => o.paid)) {
          const o = pick(orders.filter((x) => x.paid));
          const standing = (await orderOf(o.id, o.buyer)).shipments.filter((x) => !x.cancelledAt);
          if (standing.length === 0) continue;
          const res = await call(
            t.admin,
            'POST',
            `/api/admin/orders/${o.id}/shipments/${pick(standing).number}/cancel`,
          );
          expect([200, 409], `${context}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 200) count('cancel a shipment');
          checkShipments(await orderOf(o.id, o.buyer), context);
        } else if (op === 'cancel' && orders.length > 0) {
          const o = pick(orders);
          const res = await call(o.buyer, 'DELETE', `/api/order/${o.id}`);
          expect([200, 409], `${context}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 200) count('cancel');
        } else if (op === 'refund' && orders.some((o) => o.paid)) {
          const o = pick(orders.filter((x) => x.paid));
          const read = await orderOf(o.id, o.buyer);
          const line = pick(read.lines);
          const res = await call(t.admin, 'POST', `/api/order/${o.id}/refunds`, {
            lines: [{ lineNo: line.lineNo, quantity: 1 + Math.floor(random() * line.quantity) }],
            restock: true,
            reason: 'property test',
          });
          expect([201, 400, 409], `${context}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 201) count('refund');
        } else if (op === 'batch') {
          const made = pick(tools);
          batches.push(
            (
              await addBatch(
                made.id,
                1 + Math.floor(random() * 8),
                inDays(1 + Math.floor(random() * 30)),
              )
            ).id,
          );
        } else if (op === 'receive' && batches.length > 0) {
          const id = batches.splice(Math.floor(random() * batches.length), 1)[0]!;
          const res = await call(t.admin, 'POST', `/api/admin/batches/${id}/receive`, {});
          expect(res.statusCode, `${context}: ${res.body}`).toBe(200);
          count('receive');
        } else if (op === 'restock') {
          const made = pick(tools);
          const res = await call(t.admin, 'POST', `/api/tool/${made.id}/restock`, {
            quantity: 1 + Math.floor(random() * 5),
          });
          expect(res.statusCode, `${context}: ${res.body}`).toBe(200);
          count('restock');
        }
        await checkInvariants(
          tools.map((x) => x.id),
          context,
        );
      }
    }
    for (const op of [
      'place',
      'place beyond stock',
      'ship',
      'cancel',
      'refund',
      'receive',
      'restock',
    ]) {
      expect(done.get(op) ?? 0, `${op} in ${JSON.stringify([...done])}`).toBeGreaterThan(0);
    }
    console.warn(
      `back-order property: ${seeds.length} sequences of ${steps} steps`,
      Object.fromEntries(done),
    );
  }, 300_000);
});
