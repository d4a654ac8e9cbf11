import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';
import { insertOrder, type OrderRow } from '../../../test/payment-test-orders.ts';
import { pdfPages, pdfText } from '../../../test/pdf-text.ts';
import { request } from '../../../test/test-app.ts';
import { issueInvoice } from './invoices.service.ts';

let t: ShopTestApp;
beforeAll(async () => {
  t = await createShopTestApp({ env: { MAX_UNPAID_ORDERS: '100' } });
});
afterAll(() => t.close());

/**
 * The invoice PDF of an order whose buyer details are `buyer`, as they may have been stored
 * before the address and name rules refused them (the snapshot keeps them as they were).
 */
async function invoiceOf(
  buyer: Partial<Pick<OrderRow, 'customerName' | 'company' | 'address'>>,
  lines = 2,
  customerRef: string | null = null,
): Promise<Buffer> {
  const row = await insertOrder(t.app, t.customerA);
  const first = row.lines[0]!;
  const many = Array.from({ length: lines }, (_, i) => ({
    ...first,
    lineNo: i + 1,
    partNumber: `VF-${i + 1}`,
    customerRef,
  }));
  await t.app.db.transaction((tx) =>
    issueInvoice(
      tx,
      { ...row, ...buyer, lines: many },
      { provider: 'test', reference: 'pi_layout', paidAt: new Date() },
      t.config.seller,
    ),
  );
  const res = await request(t.app, {
    method: 'GET',
    url: `/api/order/${row.id}/invoice.pdf`,
    as: t.customerA,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Text as pdftotext reads it, without the direction marks it puts around right-to-left runs. */
const readText = (pdf: Buffer) => pdfText(pdf).replace(/[\u202A-\u202E\u2066-\u2069]/g, '');

describe('invoice layout', () => {
  it('runs a long stored address on to further pages, never over the footer or off the page', async () => {
    const address = Array.from({ length: 250 }, (_, i) => `Line ${i + 1}`).join('\n');
    const pdf = await invoiceOf({ address }, 40);
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(4);
    pages.forEach((page, i) => {
      // The footer: "Invoice INV-… · page i of N", the lowest line of the page.
      const footer = page.words.filter((w) => w.yMin > 745);
      expect(footer.map((w) => w.text).join(' ')).toMatch(
        new RegExp(`page ${i + 1} of ${pages.length}$`),
      );
      const top = Math.min(...footer.map((w) => w.yMin));
      for (const word of page.words.filter((w) => !footer.includes(w))) {
        expect(word.yMax, `"${word.text}" on page ${i + 1}`).toBeLessThanOrEqual(top);
        expect(word.xMax).toBeLessThanOrEqual(page.width);
      }
    });
    // Every line of it, in order, then the lines of the order and the totals.
    const text = readText(pdf);
    const at = (needle: string) => text.indexOf(needle);
    for (let n = 1; n < 250; n += 1) expect(at(`Line ${n}\n`)).toBeLessThan(at(`Line ${n + 1}\n`));
    expect(at('Line 250')).toBeLessThan(at('Part number'));
    expect(at('VF-40')).toBeLessThan(at('Total'));
  });

  it("prints the buyer's own reference under a line's description", async () => {
    const text = readText(await invoiceOf({}, 1, 'ACME-R1, ACME-R9'));
    expect(text).toContain('Your ref: ACME-R1, ACME-R9');
    expect(text.indexOf('VF-1')).toBeLessThan(text.indexOf('Your ref'));
    expect(readText(await invoiceOf({}, 1))).not.toContain('Your ref');
  });

  it('prints Hebrew and Arabic in reading order', async () => {
    const pdf = await invoiceOf({
      customerName: 'דוד כהן',
      company: 'شركة الكهرباء المتحدة',
      address: 'רחוב הרצל 15 (קומה 2)\nالرياض 11564\nالمملكة العربية السعودية',
    });
    const text = readText(pdf);
    for (const words of [
      'דוד כהן',
      'شركة الكهرباء المتحدة',
      'רחוב הרצל',
      'קומה',
      'الرياض',
      'المملكة العربية السعودية',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('prints a placeholder, not an empty box, for emoji stored before they were refused', async () => {
    const text = readText(
      await invoiceOf({
        customerName: 'Alice 👍🏽 Ampere',
        company: 'Sparks ⚡ Ltd',
        address: '7 Relay Lane 🏠\nFamily 👨‍👩‍👧 Flat',
      }),
    );
    expect(text).toContain('Alice [emoji] Ampere');
    expect(text).toContain('7 Relay Lane [emoji]');
    expect(text).toContain('Family [emoji] Flat');
    // The font has a glyph for this one: it prints.
    expect(text).toContain('Sparks ⚡ Ltd');
    expect(text).not.toMatch(/\p{Emoji_Presentation}(?<!⚡)/u);
  });
});
