import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { orderCharges } from '@voltforge/contract/charges';
import { orderMessages, shortageMessage } from '@voltforge/contract/order-rules';
import { HttpError } from '../../../http-error.ts';
import { orderMailRenderer } from '../../../mail/order-notices.ts';
import { composeOrder } from './compose.ts';
import { confirmTotal } from './confirm-total.ts';
import { judgeLines, refuseUnknownIds } from './judge.ts';
import type { OrderingState, OrderingTool } from './read.ts';
import { sumSameTool } from './sum-lines.ts';

// The steps of placing an order that neither read nor write, each on its own (place-order.ts runs
// them in order; place-order.test.ts and batch-queue.test.ts hold them together against a database).

const TODAY = '2026-11-29';

const terms = { shippingFlatCents: 750, freeShippingOverCents: 7500, taxRateBasisPoints: 825 };

function toolOf(over: Partial<OrderingTool> = {}): OrderingTool {
  return {
    id: randomUUID(),
    name: 'VF-X Meter',
    part_number: 'VF-X',
    price_cents: 1000,
    order_multiple: 1,
    price_breaks: [{ quantity: 10, unitPriceCents: 900 }],
    in_stock: 50,
    min_order_quantity: 2,
    archived: false,
    low_stock_threshold: null,
    terms: 'terms',
    backorderable: false,
    lead_time_weeks: null,
    backlog: 0,
    incoming: [],
    ...over,
  };
}

function stateOf(tools: OrderingTool[], unpaid = 0): OrderingState {
  return {
    tools: new Map(tools.map((t) => [t.id, t])),
    unpaid,
    number: 10001,
    company: 'Acme Ltd',
    taxId: 'GB123',
    now: '2026-11-28T10:00:00.000Z',
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) {
      return { status: error.statusCode, message: error.message, fields: error.fields };
    }
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('step 1: sum the lines of one tool', () => {
  it('keeps the first order of tools and adds later lines of one tool into the first', () => {
    expect(
      sumSameTool([
        { toolId: 'a', quantity: 2 },
        { toolId: 'b', quantity: 1 },
        { toolId: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { toolId: 'a', quantity: 5 },
      { toolId: 'b', quantity: 1 },
    ]);
  });
});

describe('step 3: judge and price every line', () => {
  it('prices each line at its break by the contract', () => {
    const t = toolOf();
    const [line] = judgeLines(stateOf([t]), [{ toolId: t.id, quantity: 10 }], 5, TODAY);
    expect(line?.price).toMatchObject({ unitPriceCents: 900, totalCents: 9000 });
  });

  it('refuses one line as the order form does, and several lines field by field', () => {
    const t = toolOf({ in_stock: 3 });
    expect(
      refusal(() => judgeLines(stateOf([t]), [{ toolId: t.id, quantity: 1 }], 5, TODAY)),
    ).toEqual({
      status: 400,
      message: orderMessages.minQuantity(2),
      fields: { quantity: orderMessages.minQuantity(2) },
    });
    const u = toolOf({ in_stock: 1 });
    expect(
      refusal(() =>
        judgeLines(
          stateOf([t, u]),
          [
            { toolId: t.id, quantity: 4 },
            { toolId: u.id, quantity: 2 },
          ],
          5,
          TODAY,
        ),
      ),
    ).toEqual({
      status: 409,
      message: checkoutMessages.short,
      fields: { [t.id]: shortageMessage(3), [u.id]: shortageMessage(1) },
    });
  });

  it('tells a line that can never be ordered before the unpaid cap, a shortage after it', () => {
    const t = toolOf({ archived: true });
    expect(
      refusal(() => judgeLines(stateOf([t], 9), [{ toolId: t.id, quantity: 2 }], 5, TODAY)),
    ).toMatchObject({
      status: 404,
    });
    const short = toolOf({ in_stock: 1 });
    expect(
      refusal(() => judgeLines(stateOf([short], 9), [{ toolId: short.id, quantity: 2 }], 5, TODAY)),
    ).toMatchObject({ status: 409, message: orderMessages.tooManyUnpaid(5) });
  });

  it('refuses a tool id that cannot exist before anything is read', () => {
    expect(refusal(() => refuseUnknownIds([{ toolId: 'x', quantity: 1 }]))).toMatchObject({
      status: 404,
      message: orderMessages.toolNotFound,
    });
    expect(() => refuseUnknownIds([{ toolId: randomUUID(), quantity: 1 }])).not.toThrow();
  });
});

describe('step 4: confirm the total', () => {
  const t = toolOf();
  const priced = judgeLines(stateOf([t]), [{ toolId: t.id, quantity: 2 }], 5, TODAY);

  it('charges goods, shipping and tax by the contract', () => {
    // $20.00 + $7.50 shipping = $27.50; 8.25 % tax = $2.27
    expect(confirmTotal(priced, (goods) => orderCharges(goods, terms), undefined)).toMatchObject({
      goodsCents: 2000,
      shippingCents: 750,
      taxCents: 227,
      totalCents: 2977,
    });
  });

  it('places a cart only at the total its buyer confirmed', () => {
    expect(confirmTotal(priced, (goods) => orderCharges(goods, terms), 2977).totalCents).toBe(2977);
    expect(
      refusal(() => confirmTotal(priced, (goods) => orderCharges(goods, terms), 2900)),
    ).toMatchObject({
      status: 409,
      message: checkoutMessages.totalChanged(29, 29.77),
    });
  });
});

describe('step 5: compose the order and its placement', () => {
  it('writes what was priced, the read company, the mail, and the threshold each tool runs low at', () => {
    const t = toolOf({ low_stock_threshold: null, min_order_quantity: 2 });
    const own = toolOf({ low_stock_threshold: 30 });
    const state = stateOf([t, own]);
    const lines = [
      { toolId: t.id, quantity: 10 },
      { toolId: own.id, quantity: 2 },
    ];
    const priced = judgeLines(state, lines, 5, TODAY);
    const charges = confirmTotal(priced, (goods) => orderCharges(goods, terms), undefined);
    const customer = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' as const };
    const { row, request } = composeOrder(
      customer,
      {
        phone: '+1 555 0100',
        address: '1 Main St',
        poNumber: null,
        billTo: null,
        fromCart: true,
        onAccount: false,
      },
      state,
      priced,
      charges,
      terms,
      {
        maxUnpaid: 5,
        renderMail: orderMailRenderer({ publicUrl: 'http://shop.example', holdHours: 48 }),
      },
      TODAY,
    );
    expect(row).toMatchObject({
      number: 10001,
      company: 'Acme Ltd',
      taxId: 'GB123',
      goodsCents: 11000,
      totalCents: charges.totalCents,
    });
    expect(row.lines.map((l) => [l.lineNo, l.quantity, l.unitPriceCents, l.totalCents])).toEqual([
      [1, 10, 900, 9000],
      [2, 2, 1000, 2000],
    ]);
    expect(request).toMatchObject({ order_id: row.id, from_cart: true, goods_cents: 11000 });
    expect(request.lines.map((l) => l.low_at)).toEqual([4, 30]);
    expect(request.mail_subject).toContain('VF-10001');
  });
});
