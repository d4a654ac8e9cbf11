import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { taxCents } from '@voltforge/contract/charges';
import type { Order } from '@voltforge/contract/order';
import { refundMessages } from '@voltforge/contract/refund-rules';
import type { Tool } from '@voltforge/contract/tool';
import { cheapTool, registerCustomer, seriousViolations, signedInAdmin } from './fixtures';

/*
 * A refund through the real pages: an admin refunds one line of a paid order with its pieces put
 * back in stock from Manage Order, the customer's My Orders says the order is partly refunded and
 * downloads the credit note, and the admin Mail page lists the refund mail with the PDF it carries.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);
const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** Two lines through the customer's cart and checkout, paid with the test provider's card. */
async function paidOrderOf(page: Page, lines: Array<{ tool: Tool; quantity: number }>) {
  const added = await page.request.post('/api/cart/lines', {
    data: { lines: lines.map((l) => ({ toolId: l.tool._id, quantity: l.quantity })) },
  });
  expect(added.ok()).toBe(true);
  const cart = (await (await page.request.get('/api/cart')).json()) as { total: number };
  const placed = await page.request.post('/api/checkout', {
    data: {
      phone: '+1 555 010 2030',
      address: '5 Refund Row, Portland',
      expectedTotal: cart.total,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { orderId: order._id },
  });
  expect(intent.ok()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/test/confirm', {
    data: { clientSecret, ...testCard },
  });
  expect(paid.status()).toBe(200);
  const now = (await (await page.request.get(`/api/order/${order._id}`)).json()) as Order;
  expect(now.invoice).not.toBeNull();
  expect(now.lines.map((l) => l.toolId)).toEqual(lines.map((l) => l.tool._id));
  return now;
}

const stockOf = async (page: Page, tool: Tool) =>
  ((await (await page.request.get(`/api/tool/${tool._id}`)).json()) as Tool).inStock;

test('an admin refunds one line with restock; the customer sees it and downloads the credit note; the mail carries it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await signedInAdmin(browser);
  const fuse = await cheapTool(admin, {
    prefix: 'RF',
    name: 'Refund Test Fuse',
    price: 10,
    minOrderQuantity: 1,
  });
  const relay = await cheapTool(admin, {
    prefix: 'RF',
    name: 'Refund Test Fuse',
    price: 12.5,
    minOrderQuantity: 1,
  });
  await registerCustomer(page, 'Rita Refund');
  const order = await paidOrderOf(page, [
    { tool: fuse, quantity: 3 },
    { tool: relay, quantity: 2 },
  ]);
  const stockBefore = await stockOf(admin, fuse);
  // The fuse line: 3 × $10.00 and its tax at the order's rate, rounded once.
  const expectedCents = 3000 + taxCents(3000, Math.round(order.taxRate * 100));

  // Manage Order: open the form, choose the fuse line in full, put it back in stock.
  await admin.goto(`/dashboard/manageOrder/${order._id}`);
  const refunds = admin.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByText('No refunds yet.')).toBeVisible();
  await admin.getByRole('button', { name: 'Make a refund' }).click();
  const form = admin.getByRole('form', { name: 'Refund this order' });
  await expect(form.getByRole('radio', { name: 'Chosen lines' })).toBeChecked();
  await form.getByLabel(`Quantity of ${fuse.partNumber} to refund`).fill('3');
  await form.getByLabel('Put the refunded pieces back in stock').check();
  await form.getByLabel('Reason').fill('Three fuses arrived cracked');
  await expect(admin.getByTestId('refund-preview-total')).toHaveText(dollars(expectedCents));
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(admin), `Manage Order's refund form at ${width} px`).toEqual([]);
  }

  await form.getByRole('button', { name: `Refund ${dollars(expectedCents)}` }).click();
  const note = refunds.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)/ });
  await expect(note).toBeVisible();
  const creditNote = /CN-\d{4}-\d{6}/.exec((await note.textContent()) ?? '')?.[0] ?? '';
  await expect(
    admin.getByText(refundMessages.refunded(expectedCents / 100, creditNote)),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(refunds.getByRole('list', { name: 'Refunds of this order' })).toContainText(
    `${fuse.partNumber} × 3 · back in stock`,
  );
  await expect(admin.getByTestId('refund-state')).toContainText('Partially refunded');
  expect(await stockOf(admin, fuse)).toBe(stockBefore + 3);
  expect(await seriousViolations(admin), 'Manage Order with a refund').toEqual([]);

  // My Orders: partly refunded, with the credit note beside the invoice.
  await page.goto('/dashboard/myOrder');
  const row = page.locator(`[data-order-id="${order._id}"]`).filter({ visible: true });
  await expect(row).toContainText('Partially refunded');
  await expect(row).toContainText(`${dollars(expectedCents)} refunded`);
  await expect(
    row.getByRole('link', { name: `Invoice (PDF) for order ${order.number}` }),
  ).toBeVisible();
  const link = row.getByRole('link', {
    name: `Credit note ${creditNote} (PDF) for order ${order.number}`,
  });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${creditNote}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
  const res = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toContainText('Partially refunded');
    expect(await seriousViolations(page), `My Orders at ${width} px`).toEqual([]);
  }

  // The admin Mail page: the refund mail, and the credit note it carries.
  await admin.goto('/dashboard/mail');
  const mail = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('link', { name: `Refund of ${dollars(expectedCents)}` }) })
    .filter({ hasText: `${creditNote}.pdf` });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByTestId('mail-attachment')).toHaveText(`Attachment: ${creditNote}.pdf`);
  await mail.getByRole('link').click();
  await expect(admin).toHaveURL(/\/dashboard\/mail\/[^/]+$/);
  // The list stays on screen until the mail's own page has loaded: wait for it to go.
  await expect(admin.getByTestId('mail-attachment')).toHaveCount(1);
  await expect(admin.getByTestId('mail-attachment')).toHaveText(`${creditNote}.pdf`);
});
