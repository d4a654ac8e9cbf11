import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@voltforge/contract/order';
import { invoiceMessages } from '@voltforge/contract/invoice-rules';
import { invoice, order } from '../../db/schema/order.ts';
import { tool } from '../../db/schema/tool.ts';
import { createShopTestApp, insertTool, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { startSmtpServer, type SmtpTestServer } from '../../../test/smtp-test-server.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { request, type TestUser } from '../../../test/test-app.ts';
import { payWithTestCard } from '../../../test/payment-test-orders.ts';
import { errorOf } from '../../../test/error-body.ts';
import { issueInvoice } from './invoices.service.ts';
import { findOrderRow } from '../orders/order-row.ts';

let smtp: SmtpTestServer;
let t: ShopTestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createShopTestApp({
    env: {
      SMTP_URL: smtp.url,
      TAX_RATE: '8.25',
      MAX_UNPAID_ORDERS: '100',
      SELLER_NAME: 'Voltforge Test Works',
      SELLER_ADDRESS: '9 Anode Street; Springfield',
      SELLER_TAX_ID: 'US 12-3456789',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function placeOrder(who: TestUser, quantity: number, priceCents: number): Promise<Order> {
  const item = await insertTool(t.app.db, {
    name: 'Bench Multimeter',
    priceCents,
    minOrderQuantity: 1,
    inStock: 500,
  });
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/order',
    as: who,
    payload: { toolId: item.id, quantity, phone: '+1 555 010 2030', address: '7 Relay Lane' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}

async function pay(who: TestUser, orderId: string): Promise<Order> {
  await payWithTestCard(t.app, who, orderId);
  return (await request(t.app, { method: 'GET', url: `/api/order/${orderId}`, as: who })).json();
}

const invoicePdf = (orderId: string, as: TestUser) =>
  request(t.app, { method: 'GET', url: `/api/order/${orderId}/invoice.pdf`, as });

describe('invoices', () => {
  it('issues a numbered invoice when an order is paid, with the charges it was paid for', async () => {
    // 3 × $12.50 = $37.50 of goods: under $75.00, so $7.50 shipping; tax 8.25 % of $45.00.
    const placed = await placeOrder(t.customerA, 3, 1250);
    expect(placed).toMatchObject({
      goodsTotal: 37.5,
      shipping: 7.5,
      tax: 3.71,
      taxRate: 8.25,
      total: 48.71,
      invoice: null,
    });
    expect((await invoicePdf(placed._id, t.customerA)).statusCode).toBe(404);
    expect(errorOf(await invoicePdf(placed._id, t.customerA)).message).toBe(
      invoiceMessages.notIssued,
    );

    const paid = await pay(t.customerA, placed._id);
    const year = new Date().getUTCFullYear();
    expect(paid.invoice?.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));

    const res = await invoicePdf(placed._id, t.customerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${paid.invoice?.number}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'INVOICE',
      paid.invoice!.number,
      placed.number,
      'Voltforge Test Works',
      '9 Anode Street',
      'US 12-3456789',
      placed.partNumber,
      'Bench Multimeter',
      '$12.50',
      '$37.50',
      '$7.50',
      'Tax (8.25 %)',
      '$3.71',
      '$48.71',
      paid.transactionId!,
    ]) {
      expect(text).toContain(expected);
    }
    // Σ line totals + shipping + tax = order total = what the test provider charged.
    const [charged] = await t.app.db
      .execute<{ amount: number }>(
        sql`select amount_cents as amount from test_payment_intent where order_id = ${placed._id}`,
      )
      .then((r) => (r as { rows: Array<{ amount: number }> }).rows);
    expect(charged?.amount).toBe(4871);
  });

  it('lets the customer and admins download it, and nobody else', async () => {
    const placed = await placeOrder(t.customerA, 1, 9000);
    await pay(t.customerA, placed._id);
    expect((await invoicePdf(placed._id, t.admin)).statusCode).toBe(200);
    expect((await invoicePdf(placed._id, t.customerB)).statusCode).toBe(404);
    expect(
      (await request(t.app, { method: 'GET', url: `/api/order/${placed._id}/invoice.pdf` }))
        .statusCode,
    ).toBe(401);
  });

  it('attaches the invoice PDF to the receipt mail', async () => {
    const placed = await placeOrder(t.customerB, 2, 5000);
    const paid = await pay(t.customerB, placed._id);
    const receipt = await smtp.waitFor(
      (m) => m.to.includes(t.customerB.email) && /Payment received/.test(m.subject),
    );
    expect(receipt.subject).toContain(placed.number);
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments;
    expect(pdf?.filename).toBe(`${paid.invoice?.number}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    // Over $75.00 of goods: shipping is free; tax on the goods alone.
    expect(pdfText(pdf!.content)).toContain('$108.25');
    // The mail attaches the very bytes the download serves.
    const download = await invoicePdf(placed._id, t.customerB);
    expect(download.rawPayload.equals(pdf!.content)).toBe(true);
  });

  it('never changes once issued: not with the tool, the profile or the seller', async () => {
    await request(t.app, {
      method: 'POST',
      url: `/api/user/${t.customerA.email}`,
      as: t.customerA,
      payload: {
        name: 'Alice Ampere',
        profession: 'Engineer',
        address: '7 Relay Lane',
        phone: '+15550102030',
        linkedin: 'https://www.linkedin.com/in/alice',
        company: 'Ampere Audio Ltd',
        taxId: 'GB123456789',
      },
    });
    const placed = await placeOrder(t.customerA, 1, 9000);
    // The order copies the buyer's company and tax id as they are when it is placed.
    expect(placed).toMatchObject({ company: 'Ampere Audio Ltd', taxId: 'GB123456789' });
    await pay(t.customerA, placed._id);
    const before = (await invoicePdf(placed._id, t.customerA)).rawPayload;
    const [stored] = await t.app.db.select().from(invoice).where(eq(invoice.orderId, placed._id));

    await t.app.db
      .update(tool)
      .set({ name: 'Renamed', priceCents: 1 })
      .where(eq(tool.id, placed.toolId));
    await request(t.app, {
      method: 'POST',
      url: `/api/user/${t.customerA.email}`,
      as: t.customerA,
      payload: {
        name: 'Alice Changed',
        profession: 'Engineer',
        address: '1 New Road',
        phone: '+15550102030',
        linkedin: 'https://www.linkedin.com/in/alice',
        company: 'Other Co',
        taxId: '',
      },
    });
    const after = (await invoicePdf(placed._id, t.customerA)).rawPayload;
    const [again] = await t.app.db.select().from(invoice).where(eq(invoice.orderId, placed._id));
    expect(again).toEqual(stored);
    expect(pdfText(after)).toBe(pdfText(before));
    expect(pdfText(after)).toContain('Ampere Audio Ltd');
    expect(pdfText(after)).toContain('GB123456789');
    // The order too keeps what it was placed with.
    const order = (
      await request(t.app, { method: 'GET', url: `/api/order/${placed._id}`, as: t.customerA })
    ).json<Order>();
    expect(order).toMatchObject({ company: 'Ampere Audio Ltd', taxId: 'GB123456789' });
  });

  it('numbers concurrent payments without a gap or a duplicate, and one per order', async () => {
    const orders = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeOrder(i % 2 ? t.customerA : t.customerB, 1, 1000 + i),
      ),
    );
    await Promise.all(orders.map((o, i) => pay(i % 2 ? t.customerA : t.customerB, o._id)));
    const rows = await t.app.db
      .select({ seq: invoice.seq, orderId: invoice.orderId })
      .from(invoice);
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
  });

  it('gives a rolled-back issue its number back, and starts each year at 000001', async () => {
    const placed = await placeOrder(t.customerA, 1, 1000);
    const row = (await findOrderRow(t.app.db, placed._id))!;
    const seller = t.config.seller;
    const countBefore = (await t.app.db.select().from(invoice)).length;
    // An issue whose transaction fails after taking its number takes nothing.
    await expect(
      t.app.db.transaction(async (tx) => {
        await issueInvoice(
          tx,
          row,
          { provider: 'test', reference: 'x', paidAt: new Date() },
          seller,
        );
        throw new Error('the payment failed after the invoice was numbered');
      }),
    ).rejects.toThrow('the payment failed');
    const next = await t.app.db.transaction((tx) =>
      issueInvoice(tx, row, { provider: 'test', reference: 'x', paidAt: new Date() }, seller),
    );
    const year = new Date().getUTCFullYear();
    expect(next.number).toBe(`INV-${year}-${String(countBefore + 1).padStart(6, '0')}`);
    // A second invoice for the same order is refused by the database.
    await expect(
      t.app.db.transaction((tx) =>
        issueInvoice(tx, row, { provider: 'test', reference: 'x', paidAt: new Date() }, seller),
      ),
    ).rejects.toThrow();

    const nextYear = await placeOrder(t.customerA, 1, 1000);
    const later = (await findOrderRow(t.app.db, nextYear._id))!;
    const issued = await t.app.db.transaction((tx) =>
      issueInvoice(
        tx,
        later,
        { provider: 'test', reference: 'y', paidAt: new Date(Date.UTC(year + 1, 0, 1, 0, 0, 1)) },
        seller,
      ),
    );
    expect(issued.number).toBe(`INV-${year + 1}-000001`);
    await t.app.db.update(order).set({ status: 'paid' }).where(eq(order.id, nextYear._id));
  });
});
