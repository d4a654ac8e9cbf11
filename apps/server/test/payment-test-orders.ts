import { randomUUID } from 'node:crypto';
import { findOrderRow } from '../src/modules/orders/order-row.ts';
import type { App } from '../src/app.ts';
import { order, orderLine, type OrderRow } from '../src/db/schema/order.ts';
import { insertTool } from './shop-fixtures.ts';
import { request, type TestUser } from './test-app.ts';

export type { OrderRow };

/**
 * An unpaid order for `customer`, written straight to the tables so these tests do not depend
 * on the ordering endpoints: 4 × $12.50 = $50.00 unless told otherwise.
 */
export async function insertOrder(
  app: App,
  customer: TestUser,
  opts: { unitPriceCents?: number; quantity?: number; status?: OrderRow['status'] } = {},
): Promise<OrderRow> {
  const unitPriceCents = opts.unitPriceCents ?? 1250;
  const quantity = opts.quantity ?? 4;
  const made = await insertTool(app.db, {
    name: `Clamp Meter ${randomUUID().slice(0, 6)}`,
    priceCents: unitPriceCents,
    minOrderQuantity: 1,
    inStock: 100,
  });
  const [row] = await app.db
    .insert(order)
    .values({
      userId: customer.id,
      customerName: customer.name,
      email: customer.email,
      phone: '+1 555 010 2030',
      address: '12 Foundry Lane, Springfield',
      goodsCents: unitPriceCents * quantity,
      totalCents: unitPriceCents * quantity,
      status: opts.status ?? 'pending_payment',
    })
    .returning();
  if (!row) throw new Error('order insert failed');
  const [line] = await app.db
    .insert(orderLine)
    .values({
      orderId: row.id,
      lineNo: 1,
      toolId: made.id,
      toolName: made.name,
      partNumber: made.partNumber,
      unitPriceCents,
      quantity,
      totalCents: unitPriceCents * quantity,
      ...piecesAt(row.status, quantity),
    })
    .returning();
  if (!line) throw new Error('order line insert failed');
  return { ...row, lines: [line], invoice: null, refunds: [] };
}

export async function readOrder(app: App, id: string): Promise<OrderRow> {
  const row = await findOrderRow(app.db, id);
  if (!row) throw new Error(`order ${id} not found`);
  return row;
}

/** Stripe's always-succeeding test card, as the test provider takes it. */
export const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * Pays `who`'s order through the API as the payment page does: the intent, then the test
 * provider's card confirmation (which marks the order paid and issues its invoice).
 */
export async function payWithTestCard(app: App, who: TestUser, orderId: string): Promise<void> {
  const intent = await request(app, {
    method: 'POST',
    url: '/api/create-payment-intent',
    as: who,
    payload: { orderId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const res = await request(app, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    as: who,
    payload: { clientSecret, ...testCard },
  });
  if (res.statusCode !== 200) throw new Error(`test payment failed: ${res.body}`);
}

/** Where a line's pieces stand for an order written straight in this status: they add up. */
export function piecesAt(status: OrderRow['status'], quantity: number) {
  if (status === 'shipped' || status === 'delivered') return { shipped: quantity };
  if (status === 'cancelled') return { cancelled: quantity };
  return { allocated: quantity };
}
