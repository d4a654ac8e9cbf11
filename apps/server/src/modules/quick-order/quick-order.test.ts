import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickOrderPreview } from '@voltforge/contract/quick-order';
import { MAX_QUICK_ORDER_LINES, quickOrderMessages } from '@voltforge/contract/quick-order-rules';
import { request } from '../../../test/test-app.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp();
  const tools = [
    { partNumber: 'QO-METER', priceCents: 8950, minOrderQuantity: 2, inStock: 140 },
    {
      partNumber: 'QO-RELAY',
      priceCents: 890,
      minOrderQuantity: 20,
      orderMultiple: 20,
      inStock: 2400,
    },
    { partNumber: 'QO-LEADS', priceCents: 1990, minOrderQuantity: 5, inStock: 12 },
    { partNumber: 'QO-GONE', archivedAt: new Date() },
  ];
  for (const values of tools) {
    await insertTool(t.app.db, {
      ...values,
      priceBreaks:
        values.partNumber === 'QO-METER'
          ? [
              { quantity: 25, unitPriceCents: 8400 },
              { quantity: 100, unitPriceCents: 7900 },
            ]
          : [],
    });
  }
});
afterAll(() => t.close());

async function preview(text: unknown) {
  return request(t.app, { method: 'POST', url: '/api/quick-order/preview', payload: { text } });
}

describe('POST /api/quick-order/preview', () => {
  it('gives every line a verdict, in order, with what to do', async () => {
    const text = [
      'qo-meter, 25', //          ready at the 25+ break, part number as the catalogue writes it
      'QO-RELAY\t30', //          not a multiple of 20
      'QO-METR 4', //             unknown, with the closest part number
      'QO-LEADS;2', //            below the minimum of 5
      'QO-LEADS, 4', //           a duplicate: added to line 4 (2 + 4 = 6, enough)
      'QO-RELAY, 2400', //        the second QO-RELAY line: 30 + 2400 are added on line 2
      'QO-GONE, 1', //            archived: unknown
      'QO-METER', //              no quantity
      '',
    ].join('\n');
    const res = await preview(text);
    expect(res.statusCode).toBe(200);
    const { verdicts, readyTotal } = res.json<QuickOrderPreview>();
    expect(verdicts.map((v) => [v.line, v.partNumber, v.quantity, v.status, v.message])).toEqual([
      [1, 'QO-METER', 25, 'ready', 'Ready'],
      [2, 'QO-RELAY', 2430, 'not_multiple', 'Order in multiples of 20 pcs.'],
      [3, 'QO-METR', 4, 'unknown', 'Unknown part number. Did you mean QO-METER?'],
      [4, 'QO-LEADS', 6, 'ready', 'Ready'],
      [5, 'QO-LEADS', 4, 'duplicate', quickOrderMessages.duplicate(4)],
      [6, 'QO-RELAY', 2400, 'duplicate', quickOrderMessages.duplicate(2)],
      [7, 'QO-GONE', 1, 'unknown', expect.stringMatching(/^Unknown part number\./) as unknown],
      [8, 'QO-METER', null, 'invalid_quantity', quickOrderMessages.noQuantity],
    ]);
    expect(verdicts[0]).toMatchObject({ unitPrice: 84, lineTotal: 2100 });
    expect(verdicts[3]).toMatchObject({ unitPrice: 19.9, lineTotal: 119.4 });
    expect(verdicts[2]?.closest).toEqual(['QO-METER']);
    expect(verdicts[4]?.mergedInto).toBe(4);
    // The archived tool is never suggested.
    expect(verdicts[6]?.closest).not.toContain('QO-GONE');
    expect(readyTotal).toBe(2219.4);
  });

  it('adds the lines of one part before the stock check, and says what is available', async () => {
    const res = await preview('QO-LEADS, 8\nQO-LEADS, 8');
    expect(res.json<QuickOrderPreview>().verdicts).toMatchObject([
      { line: 1, quantity: 16, status: 'short', available: 12, message: 'Only 12 in stock.' },
      { line: 2, quantity: 8, status: 'duplicate', mergedInto: 1 },
    ]);
  });

  it('reads a CSV with a header and quoted cells', async () => {
    const csv = 'Description,Qty,MPN\r\n"Meter, 4 1/2 digit",2,QO-METER\r\n';
    const { verdicts } = (await preview(csv)).json<QuickOrderPreview>();
    expect(verdicts).toMatchObject([
      { line: 2, partNumber: 'QO-METER', quantity: 2, status: 'ready' },
    ]);
  });

  it('reads a quantity with a thousands separator as a whole number, or refuses it saying why', async () => {
    const text = [
      'QO-RELAY, 1,500', //   a comma inside the quantity: fifteen hundred, not one
      'QO-METER\t1,500', //   a spreadsheet's paste: not 1 ready, but 1,500 short
      'QO-LEADS × 1.500', //  fifteen hundred or one and a half: refused
      '6 x QO-METER', //      the way the shop prints a line, backwards: a duplicate of line 2
    ].join('\n');
    const { verdicts } = (await preview(text)).json<QuickOrderPreview>();
    expect(verdicts.map((v) => [v.line, v.partNumber, v.quantity, v.status, v.message])).toEqual([
      [1, 'QO-RELAY', 1500, 'ready', 'Ready'],
      [2, 'QO-METER', 1506, 'short', 'Only 140 in stock.'],
      [3, 'QO-LEADS', null, 'invalid_quantity', quickOrderMessages.ambiguousQuantity('1.500')],
      [4, 'QO-METER', 6, 'duplicate', quickOrderMessages.duplicate(2)],
    ]);
  });

  it(`answers ${MAX_QUICK_ORDER_LINES} lines, one verdict each`, async () => {
    const text = Array.from({ length: MAX_QUICK_ORDER_LINES }, (_, i) =>
      i % 2 === 0 ? `QO-METER, 2` : `NOPE-${i}, 1`,
    ).join('\n');
    const { verdicts } = (await preview(text)).json<QuickOrderPreview>();
    expect(verdicts).toHaveLength(MAX_QUICK_ORDER_LINES);
    expect(verdicts.filter((v) => v.status === 'duplicate')).toHaveLength(249);
    expect(verdicts.filter((v) => v.status === 'unknown')).toHaveLength(250);
  });

  it('refuses an empty list, too many lines and a body that is not text, with a message', async () => {
    const cases: [unknown, string][] = [
      ['\n \n', quickOrderMessages.empty],
      [
        Array.from({ length: MAX_QUICK_ORDER_LINES + 1 }, () => 'A-1, 1').join('\n'),
        quickOrderMessages.tooManyLines,
      ],
      [42, quickOrderMessages.empty],
    ];
    for (const [text, message] of cases) {
      const res = await preview(text);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    }
  });
});
