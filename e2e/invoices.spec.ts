import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { invoiceMessages } from '@voltforge/contract/invoice-rules';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import {
  chargesFor,
  cheapTool,
  registerCustomer,
  seriousViolations,
  signedInAdmin,
} from './fixtures';

/*
 * Shipping, the order number and the invoice, through the real pages: what an order costs is
 * shown before it is placed and before it is paid, the payment's confirmation says what was
 * charged, and the invoice issued at payment downloads from My Orders and from the back office.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const dollars = (cents: number) => usd.format(cents / 100);
const shippingText = (cents: number) => (cents === 0 ? 'Free' : dollars(cents));

/**
 * Orders `quantity` of the tool through the order form, checking the charges it shows before the
 * order is placed; returns the order as the API lists it.
 */
async function orderThroughTheForm(page: Page, tool: Tool, quantity: number): Promise<Order> {
  const charges = await chargesFor(page.request, tool.price * quantity);
  await page.goto(`/tool/${tool._id}`);
  await page.getByLabel('Quantity').fill(String(quantity));
  await expect(page.getByTestId('order-goods')).toHaveText(dollars(charges.goodsCents));
  await expect(page.getByTestId('order-shipping')).toHaveText(shippingText(charges.shippingCents));
  await expect(page.getByTestId('order-total')).toHaveText(dollars(charges.totalCents));
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('3 Invoice Street, Portland');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  const orders = (await (await page.request.get('/api/order')).json()) as Order[];
  const placed = orders.find(
    (o) => o.toolId === tool._id && o.quantity === quantity && o.status === 'pending_payment',
  );
  if (!placed) throw new Error('the order did not show up');
  expect(placed).toMatchObject({
    goodsTotal: charges.goodsCents / 100,
    shipping: charges.shippingCents / 100,
    total: charges.totalCents / 100,
    invoice: null,
  });
  expect(placed.number).toMatch(/^VF-\d+$/);
  return placed;
}

/** From My Orders' pay link: the charges before paying, then the card and the confirmation. */
async function payFromMyOrders(page: Page, order: Order) {
  const row = page.locator(`[data-order-id="${order._id}"]`).filter({ visible: true });
  await expect(row).toContainText(order.number);
  await expect(row).toContainText(usd.format(order.total));
  await expect(row.getByRole('link', { name: /^Invoice/ })).toHaveCount(0);
  await row.getByRole('link', { name: /^Pay/ }).click();

  await expect(page.getByRole('heading', { name: `Pay for ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  const summary = page.getByRole('article', { name: `Please pay for ${order.order}` });
  await expect(summary.getByTestId('payment-goods')).toHaveText(usd.format(order.goodsTotal));
  await expect(summary.getByTestId('payment-shipping')).toHaveText(
    shippingText(Math.round(order.shipping * 100)),
  );
  await expect(summary.getByTestId('payment-total')).toHaveText(usd.format(order.total));
  // The page checked once ready to pay: the Pay button changes colour as it is enabled.
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

  const confirmation = page.getByTestId('payment-confirmation');
  await expect(confirmation.getByRole('heading', { name: new RegExp(order.number) })).toBeVisible();
  await expect(confirmation.getByTestId('charged-shipping')).toHaveText(
    shippingText(Math.round(order.shipping * 100)),
  );
  await expect(confirmation.getByTestId('charged-total')).toHaveText(usd.format(order.total));
  await expect(confirmation).toContainText('What happens next');
  await expect(
    confirmation.getByRole('link', { name: `Invoice (PDF) for order ${order.number}` }),
  ).toBeVisible();
  // Paid: the summary no longer asks to pay.
  await expect(page.getByRole('article', { name: `Paid: ${order.order}` })).toBeVisible();
  await expect(page.getByText(`Please pay for ${order.order}`)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

/** GET the link's invoice: a PDF. */
async function expectPdf(page: Page, href: string | null) {
  expect(href).toMatch(/^\/api\/order\/[0-9a-f-]{36}\/invoice\.pdf$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
}

test('orders under and over the free-shipping threshold: shipping shown, paid, invoices downloaded', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await signedInAdmin(browser);
  const tool = await cheapTool(admin, {
    prefix: 'INV',
    name: 'Invoice Test Fuse',
    price: 12.5,
    minOrderQuantity: 2,
  });
  const terms = (await (await page.request.get('/api/shop/terms')).json()) as {
    freeShippingOver: number | null;
  };
  expect(terms.freeShippingOver, 'the shop runs on its default terms').toBe(75);

  await registerCustomer(page, 'Ivy Invoice');

  // 2 × $12.50 = $25.00: under the threshold, so shipping is charged.
  const under = await orderThroughTheForm(page, tool, 2);
  expect(under.shipping).toBeGreaterThan(0);
  expect(under.total).toBeCloseTo(under.goodsTotal + under.shipping + under.tax, 2);
  await payFromMyOrders(page, under);

  // 7 × $12.50 = $87.50: over it, so shipping is free.
  const over = await orderThroughTheForm(page, tool, 7);
  expect(over.shipping).toBe(0);
  await payFromMyOrders(page, over);

  // My Orders: both paid, each with its invoice to download.
  await page.goto('/dashboard/myOrder');
  await expect(page.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
  for (const order of [under, over]) {
    const row = page.locator(`[data-order-id="${order._id}"]`).filter({ visible: true });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(order.number);
    const link = row.getByRole('link', { name: `Invoice (PDF) for order ${order.number}` });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expectPdf(page, await link.getAttribute('href'));
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `My Orders at ${width} px`).toEqual([]);
  }

  // The back office: found by its order number, with the invoice link, on the list and its page.
  await admin.goto(`/dashboard/manageOrders?search=${encodeURIComponent(under.number)}`);
  await expect(admin.getByRole('heading', { name: 'Manage All Orders (1)' })).toBeVisible();
  const adminLink = admin.getByRole('link', { name: `Invoice (PDF) for order ${under.number}` });
  await expect(adminLink).toBeVisible();
  await expectPdf(admin, await adminLink.getAttribute('href'));
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(admin), `Manage All Orders at ${width} px`).toEqual([]);
  }
  await admin.goto(`/dashboard/manageOrder/${under._id}`);
  const card = admin.getByRole('region', { name: `Order ${under._id}` });
  await expect(card.getByTestId('order-number')).toHaveText(under.number);
  await expect(card.getByTestId('manage-order-shipping')).toHaveText(
    shippingText(Math.round(under.shipping * 100)),
  );
  await expect(
    card.getByRole('link', { name: `Invoice (PDF) for order ${under.number}` }),
  ).toBeVisible();
  expect(await seriousViolations(admin), 'Manage Order').toEqual([]);
});

test('an unpaid order has no invoice yet', async ({ page, browser }) => {
  const admin = await signedInAdmin(browser);
  const tool = await cheapTool(admin, {
    prefix: 'INV',
    name: 'Invoice Test Fuse',
    price: 12.5,
    minOrderQuantity: 2,
  });
  await registerCustomer(page, 'Una Unpaid');
  const placed = await page.request.post('/api/order', {
    data: { toolId: tool._id, quantity: 2, phone: '+1 555 010 2030', address: '1 Unpaid Way' },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  expect(order.invoice).toBeNull();
  const res = await page.request.get(`/api/order/${order._id}/invoice.pdf`);
  expect(res.status()).toBe(404);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
    invoiceMessages.notIssued,
  );
});
