import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Overview } from '@voltforge/contract/admin-overview';
import type { Company } from '@voltforge/contract/company';
import { DOCUMENTS_EXPORT_PATH, ORDER_EXPORT_PATH } from '@voltforge/contract/order-export';
import type { Order } from '@voltforge/contract/order';
import type {
  Quote,
  QuoteRequestInput,
  QuoteRevisionInput,
  QuoteSummary,
} from '@voltforge/contract/quote';
import { QUOTE_LIMITS, quoteExpiresAt, quoteMessages } from '@voltforge/contract/quote-rules';
import { formatCalendarDate } from '@voltforge/contract/calendar';
import { parseCsv } from '../../csv.ts';
import { user as userTable } from '../../db/schema/auth.ts';
import { company, companyMember } from '../../db/schema/company.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { invoice, order } from '../../db/schema/order.ts';
import { testPaymentIntent } from '../../db/schema/payment.ts';
import { quote, quoteRevision } from '../../db/schema/quote.ts';
import { tool as toolTable } from '../../db/schema/tool.ts';
import {
  createTestApp,
  openTestDatabase,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { errorOf } from '../../../test/error-body.ts';
import { payWithTestCard } from '../../../test/payment-test-orders.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { freePort } from '../../../test/free-port.ts';
import { mailQuoteExpiry } from './quotes.service.ts';
import {
  signUpOn,
  startServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-processes.ts';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: '1000', SHOP_TIME_ZONE: 'America/New_York' });
  staff = await registerUser(t.app, { name: 'Quinn Staff', role: 'admin' });
});
afterAll(() => t.close());

const call = (as: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, as });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ask(
  as: TestUser,
  lines: QuoteRequestInput['lines'],
  extra: Partial<QuoteRequestInput> = {},
) {
  const res = await call(as, 'POST', '/api/quotes', {
    requestKey: randomUUID(),
    source: 'cart',
    lines,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Quote>();
}

async function answer(id: string, body: Omit<QuoteRevisionInput, 'revision'>, revision = 1) {
  const res = await call(staff, 'POST', `/api/admin/quotes/${id}/revisions`, { revision, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Quote>();
}

const delivery = { phone: '+1 555 010 2030', address: 'Goods In\n9 Dock Road' };

const mailsOf = (kind: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.kind} = ${kind}`);

/** A relay sold by the catalogue up to its last break, and a part we list as a substitute. */
async function relayAndSubstitute() {
  const relay = await insertTool(t.app.db, {
    name: 'Power relay 24 V',
    priceCents: 450,
    minOrderQuantity: 10,
    orderMultiple: 10,
    inStock: 20_000,
  });
  const substitute = await insertTool(t.app.db, {
    name: 'Opto coupler (substitute)',
    priceCents: 90,
    minOrderQuantity: 1,
    inStock: 5_000,
  });
  return { relay, substitute };
}

describe('quotes', () => {
  it('asks, answers in locked revisions, and accepts one tier of each line: one order at exactly the quoted figures, paid, invoiced with the quote', async () => {
    const buyer = await registerUser(t.app, { name: 'Rita Buyer' });
    const { relay, substitute } = await relayAndSubstitute();
    const asked = await ask(
      buyer,
      [
        {
          toolId: relay.id,
          partText: relay.partNumber,
          quantities: [1_000, 10_000],
          targetPrice: 3.1,
        },
        { toolId: null, partText: 'OPTO-4N35 DIP-6', quantities: [2_000], customerRef: 'U7' },
      ],
      { note: 'Production run in March.', neededBy: inDays(30) },
    );
    expect(asked).toMatchObject({
      state: 'requested',
      requestedBy: { name: 'Rita Buyer' },
      lines: [
        { lineNo: 1, partNumber: relay.partNumber, quantities: [1_000, 10_000], targetPrice: 3.1 },
        { lineNo: 2, toolId: null, partText: 'OPTO-4N35 DIP-6', customerRef: 'U7' },
      ],
      revisions: [],
    });
    expect(asked.number).toMatch(/^Q-\d{4}-\d{6}$/);
    const staffMail = (await mailsOf('quote_requested')).find((m) =>
      m.subject.includes(asked.number),
    );
    expect(staffMail?.to).toBe(staff.email);

    // Staff answer: tiers for the relay, a substitute for the part we do not list, valid 14 days.
    const offers: QuoteRevisionInput['lines'] = [
      {
        lineNo: 1,
        offers: [
          { toolId: relay.id, quantity: 1_000, unitPrice: 3.2, leadTimeWeeks: 0, multiple: 10 },
          {
            toolId: relay.id,
            quantity: 10_000,
            unitPrice: 2.85,
            leadTimeWeeks: 4,
            minQuantity: 5_000,
          },
        ],
      },
      {
        lineNo: 2,
        offers: [{ toolId: substitute.id, quantity: 2_000, unitPrice: 0.41, leadTimeWeeks: 0 }],
      },
    ];
    const first = await answer(asked.id, {
      validUntil: inDays(14),
      freight: 40,
      taxRate: 8.25,
      lines: offers,
    });
    expect(first.state).toBe('sent');
    expect(first.revisions).toHaveLength(1);
    expect(first.revisions[0]!.offers.find((o) => o.lineNo === 2)).toMatchObject({
      partNumber: substitute.partNumber,
      substitute: true,
      lineTotal: 820,
    });
    expect((await mailsOf('quote_sent')).some((m) => m.to === buyer.email)).toBe(true);

    // Reading a quote never changes it.
    const read1 = await call(buyer, 'GET', `/api/quotes/${asked.id}`);
    const read2 = await call(buyer, 'GET', `/api/quotes/${asked.id}`);
    expect(read2.json()).toEqual(read1.json());

    // A question, then revision 2 with a lower tier price: the buyer sees both.
    const asking = await call(buyer, 'POST', `/api/quotes/${asked.id}/messages`, {
      body: 'Can you do $2.80 at 10,000?',
    });
    expect(asking.statusCode, asking.body).toBe(200);
    expect((await mailsOf('quote_message')).some((m) => m.to === staff.email)).toBe(true);
    offers[0]!.offers[1]!.unitPrice = 2.8;
    const second = await answer(
      asked.id,
      { validUntil: inDays(14), freight: 40, taxRate: 8.25, lines: offers },
      2,
    );
    expect(second.revisions.map((r) => r.revision)).toEqual([1, 2]);
    expect(second.revisions[0]!.offers[1]!.unitPrice).toBe(2.85);
    expect(second.revisions[1]!.offers[1]!.unitPrice).toBe(2.8);
    expect(second.messages).toMatchObject([{ author: 'Rita Buyer', fromStaff: false }]);

    // Each revision as a PDF, by the invoices' document code.
    const pdf1 = await call(buyer, 'GET', `/api/quotes/${asked.id}/revisions/1/pdf`);
    expect(pdf1.statusCode).toBe(200);
    expect(pdf1.headers['content-type']).toBe('application/pdf');
    const pdf1Text = pdfText(pdf1.rawPayload);
    expect(pdf1Text).toContain('Quotation');
    expect(pdf1Text).toContain(asked.number);
    expect(pdf1Text).toContain('$2.85');
    expect(pdf1Text).toContain('Your ref: U7');
    expect((await call(buyer, 'GET', `/api/quotes/${asked.id}/revisions/3/pdf`)).statusCode).toBe(
      404,
    );
    expect((await call(buyer, 'GET', `/api/quotes/${asked.id}/revisions/x/pdf`)).statusCode).toBe(
      400,
    );

    // A revision once sent is locked in the database itself.
    await expect(
      t.app.db
        .update(quoteRevision)
        .set({ freightCents: 0 })
        .where(eq(quoteRevision.quoteId, asked.id)),
    ).rejects.toThrow();

    // Accepting the revision read before the newer one was sent is refused, and says so.
    const choose = [
      { lineNo: 1, offerNo: 2 },
      { lineNo: 2, offerNo: 1 },
    ];
    // 10,000 × $2.80 + 2,000 × $0.41 = $28,820.00; + $40.00 freight; tax 8.25 % of $28,860.00.
    const expectedTotal = 28_820 + 40 + 2_380.95;
    const stale = await call(buyer, 'POST', `/api/quotes/${asked.id}/accept`, {
      revision: 1,
      choices: choose,
      expectedTotal,
      ...delivery,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(quoteMessages.newerRevision(2));

    const accepted = await call(buyer, 'POST', `/api/quotes/${asked.id}/accept`, {
      revision: 2,
      choices: choose,
      expectedTotal,
      ...delivery,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const placed = accepted.json<Order>();
    expect(placed).toMatchObject({
      status: 'pending_payment',
      goodsTotal: 28_820,
      shipping: 40,
      tax: 2_380.95,
      taxRate: 8.25,
      total: expectedTotal,
    });
    expect(placed.quote).toEqual({ id: asked.id, number: asked.number, revision: 2 });
    expect(placed.lines).toMatchObject([
      { partNumber: relay.partNumber, quantity: 10_000, unitPrice: 2.8, customerRef: null },
      { partNumber: substitute.partNumber, quantity: 2_000, unitPrice: 0.41, customerRef: 'U7' },
    ]);
    // The catalogue's own prices and minimums did not apply; the stock was taken.
    const [relayNow] = await t.app.db.select().from(toolTable).where(eq(toolTable.id, relay.id));
    expect(relayNow!.inStock).toBe(10_000);
    expect(relayNow!.priceCents).toBe(450);

    // Paid: the provider charged exactly the order's total; the invoice names the quote.
    await payWithTestCard(t.app, buyer, placed._id);
    const [intent] = await t.app.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, placed._id));
    expect(intent!.amountCents).toBe(Math.round(expectedTotal * 100));
    const pdf = await call(buyer, 'GET', `/api/order/${placed._id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`${asked.number}, revision 2`);
    expect(text).toContain('Your ref: U7');

    // Counted as any order: the overview's "from quotes" figure, both CSV exports.
    const overview = await call(staff, 'GET', '/api/admin/overview');
    expect(overview.json<Overview>().totals.fromQuotes).toEqual({
      revenue: expectedTotal,
      paidOrders: 1,
    });
    const csvRows = (url: string) =>
      call(staff, 'GET', url).then((res) => {
        const [header, ...rows] = parseCsv(res.body, { unterminatedQuote: 'x' });
        return rows.map((r) => Object.fromEntries(header!.cells.map((c, i) => [c, r.cells[i]])));
      });
    const exported = (await csvRows(ORDER_EXPORT_PATH)).filter((r) => r.orderId === placed._id);
    expect(exported.map((r) => [r.partNumber, r.quote])).toEqual([
      [relay.partNumber, asked.number],
      [substitute.partNumber, asked.number],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const documents = await csvRows(`${DOCUMENTS_EXPORT_PATH}?from=${today}&to=${today}`);
    expect(documents.find((r) => r.order === placed.number)?.quote).toBe(asked.number);

    const readBack = (await call(buyer, 'GET', `/api/order/${placed._id}`)).json<Order>();
    expect(readBack.quote).toEqual({ id: asked.id, number: asked.number, revision: 2 });

    const after = (await call(buyer, 'GET', `/api/quotes/${asked.id}`)).json<Quote>();
    expect(after).toMatchObject({
      state: 'accepted',
      accepted: { revision: 2, order: { id: placed._id } },
    });
    expect((await mailsOf('quote_decided')).some((m) => m.subject.includes(placed.number))).toBe(
      true,
    );

    // A second acceptance (another tab) is refused, naming the order; nothing more is placed.
    const again = await call(buyer, 'POST', `/api/quotes/${asked.id}/accept`, {
      revision: 2,
      choices: choose,
      expectedTotal,
      ...delivery,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(quoteMessages.accepted(placed.number));
    const orders = await t.app.db.select().from(quote).where(eq(quote.orderId, placed._id));
    expect(orders).toHaveLength(1);
    // Accepted: staff cannot revise it any more.
    const late = await call(staff, 'POST', `/api/admin/quotes/${asked.id}/revisions`, {
      revision: 3,
      validUntil: inDays(14),
      freight: 0,
      taxRate: 0,
      lines: offers,
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(quoteMessages.notAnswerable);
  });

  it('makes one request of a double submission, and one order of 20 acceptances at once', async () => {
    const buyer = await registerUser(t.app, { name: 'Double Click' });
    const { relay } = await relayAndSubstitute();
    const body = {
      requestKey: randomUUID(),
      source: 'tool',
      lines: [{ toolId: relay.id, partText: relay.partNumber, quantities: [500] }],
    };
    const [a, b] = await Promise.all([
      call(buyer, 'POST', '/api/quotes', body),
      call(buyer, 'POST', '/api/quotes', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Quote>().id).toBe(b.json<Quote>().id);
    const retry = await call(buyer, 'POST', '/api/quotes', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Quote>().number).toBe(a.json<Quote>().number);
    const mine = (await call(buyer, 'GET', '/api/quotes')).json<QuoteSummary[]>();
    expect(mine).toHaveLength(1);

    const id = a.json<Quote>().id;
    await answer(id, {
      validUntil: inDays(3),
      freight: 0,
      taxRate: 0,
      lines: [
        {
          lineNo: 1,
          offers: [{ toolId: relay.id, quantity: 500, unitPrice: 3, leadTimeWeeks: 0 }],
        },
      ],
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(buyer, 'POST', `/api/quotes/${id}/accept`, {
          revision: 1,
          choices: [{ lineNo: 1, offerNo: 1 }],
          expectedTotal: 1_500,
          ...delivery,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const placedRows = await t.app.db.select().from(order).where(eq(order.userId, buyer.id));
    expect(placedRows).toHaveLength(1);
    const [relayNow] = await t.app.db.select().from(toolTable).where(eq(toolTable.id, relay.id));
    expect(relayNow!.inStock).toBe(20_000 - 500);
  });

  it('expires at the end of the validity day in the seller’s time zone, checked by the server', async () => {
    expect(quoteExpiresAt('2026-12-12', 'UTC').toISOString()).toBe('2026-12-13T00:00:00.000Z');
    expect(quoteExpiresAt('2026-12-12', 'America/New_York').toISOString()).toBe(
      '2026-12-13T05:00:00.000Z',
    );
    // The night Berlin moves its clocks forward (29 March 2026): the day ends at 22:00 UTC.
    expect(quoteExpiresAt('2026-03-28', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(quoteExpiresAt('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );

    const buyer = await registerUser(t.app, { name: 'Late Larry' });
    const { relay } = await relayAndSubstitute();
    const asked = await ask(buyer, [
      { toolId: relay.id, partText: relay.partNumber, quantities: [100] },
    ]);
    const sent = await answer(asked.id, {
      validUntil: inDays(1),
      freight: 10,
      taxRate: 0,
      lines: [
        {
          lineNo: 1,
          offers: [{ toolId: relay.id, quantity: 100, unitPrice: 4, leadTimeWeeks: 0 }],
        },
      ],
    });
    expect(sent.revisions[0]!.expiresAt).toBe(
      quoteExpiresAt(inDays(1), 'America/New_York').toISOString(),
    );
    // Three days before the end, and at it, the buyer is mailed once each.
    const expiresAt = new Date(sent.revisions[0]!.expiresAt);
    const mailed = async (kind: string) =>
      (await mailsOf(kind)).filter((m) => m.subject.includes(asked.number)).length;
    const sweep = (at: Date) =>
      mailQuoteExpiry(t.app.db, { publicUrl: 'http://shop.test', now: at });
    await sweep(new Date(expiresAt.getTime() - 4 * 86_400_000));
    expect(await mailed('quote_expiring')).toBe(0);
    await sweep(new Date(expiresAt.getTime() - 2 * 86_400_000));
    await sweep(new Date(expiresAt.getTime() - 1 * 86_400_000));
    expect(await mailed('quote_expiring')).toBe(1);
    await sweep(new Date(expiresAt.getTime() + 1_000));
    await sweep(new Date(expiresAt.getTime() + 60_000));
    expect(await mailed('quote_expired')).toBe(1);
    // The clock moves past the end of the day (the revision is locked, so the test lifts the lock).
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table quote_revision disable trigger quote_revision_locked`);
      await tx
        .update(quoteRevision)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(quoteRevision.quoteId, asked.id));
      await tx.execute(sql`alter table quote_revision enable trigger quote_revision_locked`);
    });
    const read = (await call(buyer, 'GET', `/api/quotes/${asked.id}`)).json<Quote>();
    expect(read.state).toBe('expired');
    const res = await call(buyer, 'POST', `/api/quotes/${asked.id}/accept`, {
      revision: 1,
      choices: [{ lineNo: 1, offerNo: 1 }],
      expectedTotal: 410,
      ...delivery,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(quoteMessages.expired(formatCalendarDate(inDays(1))));
    expect(await t.app.db.select().from(order).where(eq(order.userId, buyer.id))).toHaveLength(0);
    // Staff's queue finds it as expired, by its number.
    const queue = await call(staff, 'GET', `/api/admin/quotes?state=expired&q=${asked.number}`);
    expect(queue.json<QuoteSummary[]>().map((q) => q.id)).toEqual([asked.id]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const buyer = await registerUser(t.app, { name: 'Careless Cal' });
    const { relay, substitute } = await relayAndSubstitute();
    const before = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(quote))[0]!.n;
    const line = { toolId: relay.id, partText: relay.partNumber, quantities: [100] };
    const cases: Array<[object, string]> = [
      [{ lines: [{ ...line, quantities: [0] }] }, quoteMessages.quantity],
      [{ lines: [{ ...line, quantities: [2.5] }] }, quoteMessages.quantity],
      [{ lines: [{ ...line, quantities: [5_000, 1_000] }] }, quoteMessages.tiers],
      [{ lines: [{ ...line, quantities: [1_000, 1_000] }] }, quoteMessages.tiers],
      [{ lines: Array.from({ length: 500 }, () => line) }, quoteMessages.lines],
      [{ lines: [] }, quoteMessages.lines],
      [{ lines: [line], note: 'x'.repeat(10_240) }, quoteMessages.note],
      [{ lines: [line], neededBy: '2020-01-01' }, quoteMessages.neededBy],
      [{ lines: [line], neededBy: '2026-02-30' }, quoteMessages.date],
      [{ lines: [{ ...line, targetPrice: 0 }] }, quoteMessages.targetPrice],
      [{ lines: [{ ...line, toolId: randomUUID() }] }, quoteMessages.unknownTool],
      [{ lines: [{ ...line, partText: 'a\nb' }] }, quoteMessages.partText],
    ];
    for (const [body, message] of cases) {
      const res = await call(buyer, 'POST', '/api/quotes', {
        requestKey: randomUUID(),
        source: 'cart',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(errorOf(res))).toContain(message);
    }
    expect((await t.app.db.select({ n: sql<number>`count(*)::int` }).from(quote))[0]!.n).toBe(
      before,
    );

    const asked = await ask(buyer, [
      line,
      { toolId: null, partText: 'Unlisted widget', quantities: [10] },
    ]);
    const offer = { toolId: relay.id, quantity: 100, unitPrice: 4, leadTimeWeeks: 0 };
    const good = { revision: 1, validUntil: inDays(7), freight: 0, taxRate: 0 };
    const bad: Array<[object, string]> = [
      [
        {
          ...good,
          validUntil: '2020-01-01',
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.validUntil,
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [{ ...offer, unitPrice: 0 }] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.unitPrice,
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [{ ...offer, unitPrice: -1 }] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.unitPrice,
      ],
      [
        {
          ...good,
          freight: -5,
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.freight,
      ],
      [{ ...good, lines: [{ lineNo: 1, offers: [offer] }] }, quoteMessages.offerLines],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.noOffer,
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [{ ...offer, minQuantity: 200 }] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.offerRule(1),
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [{ ...offer, quantity: 10 }] },
          ],
        },
        quoteMessages.sameTool(relay.partNumber),
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [{ ...offer, toolId: randomUUID() }] },
          ],
        },
        quoteMessages.offerTool(2),
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [{ ...offer, quantity: 200 }, offer] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.offers,
      ],
    ];
    bad.push(
      [
        {
          ...good,
          validUntil: inDays(400),
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.validUntil,
      ],
      [
        {
          ...good,
          lines: [
            { lineNo: 1, offers: [{ ...offer, quantity: 1_000_000, unitPrice: 1_000_000 }] },
            { lineNo: 2, offers: [] },
          ],
        },
        quoteMessages.tooLarge,
      ],
    );
    for (const [body, message] of bad) {
      const res = await call(staff, 'POST', `/api/admin/quotes/${asked.id}/revisions`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(JSON.stringify(errorOf(res))).toContain(message);
    }
    expect((await call(buyer, 'GET', `/api/quotes/${asked.id}`)).json<Quote>().revisions).toEqual(
      [],
    );
    // Sending the same answer twice (a double click, two staff at once) sends it once.
    const twiceSent = await Promise.all(
      [1, 2].map(() =>
        call(staff, 'POST', `/api/admin/quotes/${asked.id}/revisions`, {
          ...good,
          lines: [
            { lineNo: 1, offers: [offer] },
            { lineNo: 2, offers: [{ ...offer, toolId: substitute.id, quantity: 10 }] },
          ],
        }),
      ),
    );
    expect(twiceSent.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(twiceSent.find((r) => r.statusCode === 409)!).message).toBe(
      quoteMessages.revisedMeanwhile(1),
    );

    const accept = (body: object) =>
      call(buyer, 'POST', `/api/quotes/${asked.id}/accept`, {
        revision: 1,
        choices: [{ lineNo: 1, offerNo: 1 }],
        expectedTotal: 400,
        ...delivery,
        ...body,
      });
    const twice = await accept({
      choices: [
        { lineNo: 1, offerNo: 1 },
        { lineNo: 1, offerNo: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(twice))).toContain(quoteMessages.chooseOnce);
    const none = await accept({ choices: [] });
    expect(JSON.stringify(errorOf(none))).toContain(quoteMessages.choose);
    const unknown = await accept({ choices: [{ lineNo: 1, offerNo: 3 }] });
    expect(errorOf(unknown).message).toBe(quoteMessages.unknownOffer);
    // A total other than the one shown is refused (the figures are the server's).
    const wrongTotal = await accept({ expectedTotal: 1 });
    expect(wrongTotal.statusCode).toBe(409);
    // Short of stock at the moment of accepting: a clear message, the quote still open.
    await t.app.db.update(toolTable).set({ inStock: 40 }).where(eq(toolTable.id, relay.id));
    const short = await accept({});
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).message).toBe(
      quoteMessages.short([`line 1 (${relay.partNumber}): only 40 left in stock`]),
    );
    expect((await call(buyer, 'GET', `/api/quotes/${asked.id}`)).json<Quote>().state).toBe('sent');
    expect(await t.app.db.select().from(order).where(eq(order.userId, buyer.id))).toHaveLength(0);

    // Declining needs a reason; a declined quote is neither accepted nor declined again.
    const noReason = await call(buyer, 'POST', `/api/quotes/${asked.id}/decline`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const declined = await call(buyer, 'POST', `/api/quotes/${asked.id}/decline`, {
      reason: 'Found stock elsewhere.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Quote>()).toMatchObject({
      state: 'declined',
      declineReason: 'Found stock elsewhere.',
    });
    await t.app.db.update(toolTable).set({ inStock: 5_000 }).where(eq(toolTable.id, relay.id));
    const afterDecline = await accept({});
    expect(afterDecline.statusCode).toBe(409);
    expect(errorOf(afterDecline).message).toBe(quoteMessages.declined);
    expect(
      (await call(buyer, 'POST', `/api/quotes/${asked.id}/decline`, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    // Messages are 1 to 2,000 characters.
    const long = await call(buyer, 'POST', `/api/quotes/${asked.id}/messages`, {
      body: 'x'.repeat(QUOTE_LIMITS.note + 1),
    });
    expect(long.statusCode).toBe(400);
  });

  it("belongs to its requester and their company: strangers get 404, staff answer but do not accept; orders on account follow the company's terms", async () => {
    const admin = await registerUser(t.app, { name: 'Cora Admin' });
    const made = await call(admin, 'POST', '/api/company', { name: 'Quote Works Ltd' });
    expect(made.statusCode, made.body).toBe(201);
    const firm = made.json<Company>();
    const colleague = await registerUser(t.app, { name: 'Colin Buyer' });
    await t.app.db
      .insert(companyMember)
      .values({ userId: colleague.id, companyId: firm.id, role: 'buyer' });
    const stranger = await registerUser(t.app, { name: 'Stan Stranger' });
    const { relay } = await relayAndSubstitute();
    const asked = await ask(admin, [
      { toolId: relay.id, partText: relay.partNumber, quantities: [100] },
    ]);
    expect(asked.company).toMatchObject({ id: firm.id, name: 'Quote Works Ltd' });

    expect((await call(stranger, 'GET', `/api/quotes/${asked.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/quotes')).json<QuoteSummary[]>()).toEqual([]);
    expect(
      (await call(stranger, 'POST', `/api/quotes/${asked.id}/messages`, { body: 'hi' })).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', '/api/admin/quotes')).statusCode).toBe(403);
    expect(
      (
        await call(admin, 'POST', `/api/admin/quotes/${asked.id}/revisions`, {
          validUntil: inDays(3),
          freight: 0,
          taxRate: 0,
          lines: [],
        })
      ).statusCode,
    ).toBe(403);
    // A buyer of the company sees its quotes only where the company lets buyers see all orders.
    expect((await call(colleague, 'GET', `/api/quotes/${asked.id}`)).statusCode).toBe(404);
    await t.app.db.update(company).set({ buyersSeeAllOrders: true }).where(eq(company.id, firm.id));
    expect((await call(colleague, 'GET', `/api/quotes/${asked.id}`)).statusCode).toBe(200);
    expect(
      (await call(colleague, 'GET', '/api/quotes')).json<QuoteSummary[]>().map((q) => q.id),
    ).toContain(asked.id);

    await answer(asked.id, {
      validUntil: inDays(3),
      freight: 15,
      taxRate: 0,
      lines: [
        {
          lineNo: 1,
          offers: [{ toolId: relay.id, quantity: 100, unitPrice: 4, leadTimeWeeks: 0 }],
        },
      ],
    });
    const body = {
      revision: 1,
      choices: [{ lineNo: 1, offerNo: 1 }],
      expectedTotal: 415,
      ...delivery,
    };
    const byStaff = await call(staff, 'POST', `/api/quotes/${asked.id}/accept`, body);
    expect(byStaff.statusCode).toBe(403);
    const noTerms = await call(admin, 'POST', `/api/quotes/${asked.id}/accept`, {
      ...body,
      paymentMethod: 'account',
    });
    expect(noTerms.statusCode).toBe(409);
    await t.app.db
      .update(company)
      .set({ termsDays: 30, creditLimitCents: 100_000 })
      .where(eq(company.id, firm.id));
    // A colleague of staff who sent a revision may leave: the revision stays as it was sent.
    const temp = await registerUser(t.app, { name: 'Tim Temp', role: 'admin' });
    const other = await ask(admin, [
      { toolId: relay.id, partText: relay.partNumber, quantities: [5] },
    ]);
    const bySomeone = await call(temp, 'POST', `/api/admin/quotes/${other.id}/revisions`, {
      revision: 1,
      validUntil: inDays(3),
      freight: 0,
      taxRate: 0,
      lines: [
        { lineNo: 1, offers: [{ toolId: relay.id, quantity: 5, unitPrice: 4, leadTimeWeeks: 0 }] },
      ],
    });
    expect(bySomeone.statusCode, bySomeone.body).toBe(201);
    await t.app.db.delete(userTable).where(eq(userTable.id, temp.id));
    const kept = (await call(admin, 'GET', `/api/quotes/${other.id}`)).json<Quote>();
    expect(kept.revisions).toMatchObject([{ revision: 1, sentBy: '', freight: 0 }]);

    const onAccount = await call(admin, 'POST', `/api/quotes/${asked.id}/accept`, {
      ...body,
      paymentMethod: 'account',
    });
    expect(onAccount.statusCode, onAccount.body).toBe(201);
    const placed = onAccount.json<Order>();
    expect(placed).toMatchObject({ status: 'on_account', total: 415, shipping: 15 });
    const [issued] = await t.app.db.select().from(invoice).where(eq(invoice.orderId, placed._id));
    expect(issued!.snapshot.quote).toEqual({ number: asked.number, revision: 1 });
    expect(issued!.totalCents).toBe(41_500);
  });
});

// Only a real PostgreSQL database can be shared by two processes (PGlite is single-process).
const onPostgres = Boolean(inject('pgTemplate'));

describe('quotes across two server processes sharing PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    '20 acceptances of one quote at once, on two instances: exactly one order',
    async () => {
      const { database, url, drop } = await openTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        if (!url) throw new Error('expected a PostgreSQL database URL');
        const [portA, portB] = [await freePort(), await freePort()];
        const publicUrl = `http://127.0.0.1:${portA}`;
        servers.push(startServer(url, portA, publicUrl), startServer(url, portB, publicUrl));
        await Promise.all(servers.map(waitUntilReady));
        const db = database.db;
        const relay = await insertTool(db, {
          priceCents: 500,
          minOrderQuantity: 1,
          inStock: 10_000,
        });
        const send = (i: number, cookie: string, path: string, body?: object) =>
          fetch(`${servers[i % 2]!.url}${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'content-type': 'application/json', cookie, origin: publicUrl },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
        const cookie = await signUpOn(
          servers[0]!,
          publicUrl,
          'Twin Buyer',
          'twin.quote@example.com',
        );
        const asked = await send(0, cookie, '/api/quotes', {
          requestKey: randomUUID(),
          source: 'tool',
          lines: [{ toolId: relay.id, partText: relay.partNumber, quantities: [1_000] }],
        });
        expect(asked.status).toBe(201);
        const { id } = (await asked.json()) as Quote;
        // Staff's answer, written as the revisions route writes it.
        await db.insert(quoteRevision).values({
          quoteId: id,
          revision: 1,
          validUntil: inDays(5),
          expiresAt: quoteExpiresAt(inDays(5), 'UTC'),
          freightCents: 0,
          taxRateBp: 0,
        });
        await db.execute(sql`insert into quote_offer (quote_id, revision, line_no, offer_no, tool_id,
            tool_name, part_number, quantity, unit_price_cents, lead_time_weeks, min_quantity, multiple)
          values (${id}, 1, 1, 1, ${relay.id}, ${relay.name}, ${relay.partNumber}, 1000, 300, 0, 1, 1)`);
        await db.update(quote).set({ status: 'sent', revision: 1 }).where(eq(quote.id, id));

        const statuses = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const res = await send(i, cookie, `/api/quotes/${id}/accept`, {
              revision: 1,
              choices: [{ lineNo: 1, offerNo: 1 }],
              expectedTotal: 3_000,
              ...delivery,
            });
            const answer = (await res.json()) as { number?: string; error?: { message: string } };
            return { status: res.status, answer };
          }),
        );
        expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s.status === 409)).toHaveLength(19);
        // Each one refused is told the order it became, whichever instance it reached.
        const number = statuses.find((s) => s.status === 201)?.answer.number ?? '';
        expect(
          new Set(statuses.filter((s) => s.status === 409).map((s) => s.answer.error?.message)),
        ).toEqual(new Set([quoteMessages.accepted(number)]));
        const [row] = await db.select().from(quote).where(eq(quote.id, id));
        const placed = await db.select().from(order).where(eq(order.userId, row!.requestedBy!));
        expect(placed.map((o) => o.id)).toEqual([row!.orderId]);
        const [relayNow] = await db.select().from(toolTable).where(eq(toolTable.id, relay.id));
        expect(relayNow!.inStock).toBe(9_000);
      } finally {
        await Promise.all(servers.map(stopServer));
        await database.close();
        await drop();
      }
    },
    180_000,
  );
});
