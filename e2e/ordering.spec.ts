import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import { chargesFor, registerCustomer } from './fixtures';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A seeded tool whose minimum is above 1, so "below the minimum" can be typed. */
async function pickTool(page: Page): Promise<Tool> {
  const res = await page.request.get('/api/tool?pageSize=100');
  expect(res.ok()).toBe(true);
  const tools = (await res.json()) as Tool[];
  // Sold one by one at one price up to min + 1, so the totals below are price × quantity.
  const tool = tools.find(
    (t) =>
      t.minOrderQuantity >= 2 &&
      t.inStock >= t.minOrderQuantity + 1 &&
      t.orderMultiple === 1 &&
      t.priceBreaks.every((b) => b.quantity > t.minOrderQuantity + 1),
  );
  if (!tool) throw new Error('the demo catalogue has no tool with a minimum above 1');
  return tool;
}

async function stockOf(page: Page, toolId: string): Promise<number> {
  const res = await page.request.get(`/api/tool/${toolId}`);
  return ((await res.json()) as Tool).inStock;
}

/** The tool page's "Available Quantity" figure. */
function availableQuantity(page: Page) {
  return page
    .locator('dt', { hasText: 'Available Quantity' })
    .locator('xpath=following-sibling::dd[1]');
}

/** Serious or critical accessibility problems in the page's main content. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: text });
}

test('order a tool, see it in My Orders, delete it and get the stock back', async ({ page }) => {
  const customer = await registerCustomer(page, 'Priya Ohm');
  const tool = await pickTool(page);
  const min = tool.minOrderQuantity;

  await page.goto(`/tool/${tool._id}`);
  await expect(page.getByRole('heading', { name: 'Place To Orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(customer.name);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByLabel('Order', { exact: true })).toHaveValue(tool.name);
  await expect(page.getByLabel('Price')).toHaveValue(usd.format(tool.price));
  await expect(availableQuantity(page)).toHaveText(`${tool.inStock} pcs.`);
  expect(await axeProblems(page)).toEqual([]);

  const quantity = page.getByLabel('Quantity');
  const confirm = page.getByRole('button', { name: 'Confirm Orders' });
  const goods = page.getByTestId('order-goods');
  const total = page.getByTestId('order-total');
  await expect(quantity).toHaveAttribute('placeholder', String(min));
  // Empty means the minimum, and the live goods total says so; shipping and the total beside it.
  await expect(goods).toHaveText(usd.format(tool.price * min));
  const atMin = await chargesFor(page.request, tool.price * min);
  await expect(page.getByTestId('order-shipping')).toHaveText(
    atMin.shippingCents === 0 ? 'Free' : usd.format(atMin.shippingCents / 100),
  );
  await expect(total).toHaveText(usd.format(atMin.totalCents / 100));

  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('42 Circuit Road, Portland');

  // Below the minimum: toast, nothing sent, button disabled until the quantity is valid again.
  await quantity.fill(String(min - 1));
  await expect(goods).toHaveText(usd.format(tool.price * (min - 1)));
  await confirm.click();
  await expect(toast(page, `Minimum Order Quantity ${min} pcs.`)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await quantity.fill(String(min));
  await expect(confirm).toBeEnabled();

  // Above the stock: the same, with the maximum.
  await quantity.fill(String(tool.inStock + 1));
  await confirm.click();
  await expect(toast(page, `Maximum Order Quantity ${tool.inStock} pcs.`)).toBeVisible();
  await expect(confirm).toBeDisabled();
  expect(await stockOf(page, tool._id)).toBe(tool.inStock);

  // A valid order; a double click still places exactly one.
  await quantity.fill(String(min + 1));
  await expect(confirm).toBeEnabled();
  await expect(goods).toHaveText(usd.format(tool.price * (min + 1)));
  // What the order is charged: the goods, shipping unless they are over the threshold, tax.
  const charged = await chargesFor(page.request, tool.price * (min + 1));
  const expectedTotal = usd.format(charged.totalCents / 100);
  await expect(total).toHaveText(expectedTotal);
  await confirm.dblclick();
  await expect(toast(page, 'Order Added Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);

  await expect(page.getByRole('heading', { name: 'My Orders (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText(expectedTotal);
  await expect(row).toContainText('Pending payment');
  expect(await axeProblems(page)).toEqual([]);
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveAttribute(
    'href',
    /\/dashboard\/payment\/[0-9a-f-]{36}$/,
  );
  const mine = (await (await page.request.get('/api/order')).json()) as Order[];
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({
    quantity: min + 1,
    status: 'pending_payment',
    paid: false,
    goodsTotal: charged.goodsCents / 100,
    shipping: charged.shippingCents / 100,
    total: charged.totalCents / 100,
  });
  await expect(row).toContainText(mine[0]!.number);
  expect(await stockOf(page, tool._id)).toBe(tool.inStock - (min + 1));
  await page.goto(`/tool/${tool._id}`);
  await expect(availableQuantity(page)).toHaveText(`${tool.inStock - (min + 1)} pcs.`);
  await page.goto('/dashboard/myOrder');

  // Delete: the confirm prompt, then the row goes and the stock comes back.
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('are you sure wants to delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Order Deleted Successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Orders (0)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(0);

  await page.goto(`/tool/${tool._id}`);
  await expect(availableQuantity(page)).toHaveText(`${tool.inStock} pcs.`);
  expect(await stockOf(page, tool._id)).toBe(tool.inStock);
});

test('cancelling the delete prompt keeps the order', async ({ page }) => {
  await registerCustomer(page, 'Sam Farad');
  const tool = await pickTool(page);
  await page.goto(`/tool/${tool._id}`);
  await page.getByLabel('Phone').fill('020 7946 0000');
  await page.getByLabel('Address').fill('1 Relay Street, Leeds');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);

  const row = page.getByRole('row').filter({ hasText: tool.name });
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'My Orders (1)' })).toBeVisible();
});

test('a phone that is not a phone number is refused before anything is sent', async ({ page }) => {
  await registerCustomer(page, 'Lee Tesla');
  const tool = await pickTool(page);
  await page.goto(`/tool/${tool._id}`);
  await page.getByLabel('Phone').fill('call me');
  await page.getByLabel('Address').fill('9 Fuse Lane, York');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page.getByText('Provide a valid phone number')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tool/${tool._id}$`));
  expect(await stockOf(page, tool._id)).toBe(tool.inStock);
});

test('price breaks show on the card and the tool page, and the order is priced at the break', async ({
  page,
}) => {
  await registerCustomer(page, 'Bea Break');
  const tools = (await (await page.request.get('/api/tool?pageSize=100')).json()) as Tool[];
  const tool = tools.find(
    (t) =>
      t.orderMultiple === 1 &&
      t.priceBreaks.length > 0 &&
      t.inStock >= (t.priceBreaks[0]?.quantity ?? Infinity),
  );
  const packed = tools.find((t) => t.orderMultiple > 1 && t.inStock >= 2 * t.orderMultiple);
  if (!tool || !packed) throw new Error('the demo catalogue has no tool with price breaks');
  const first = tool.priceBreaks[0]!;

  // The catalogue card lists the breaks, the minimum at the base price first.
  await page.goto(`/tools?search=${encodeURIComponent(tool.partNumber)}`);
  const card = page.getByRole('article', { name: tool.name });
  await expect(card.locator('dt', { hasText: 'Price breaks' })).toBeVisible();
  await expect(card).toContainText(
    `${tool.minOrderQuantity}+ ${usd.format(tool.price)} · ${first.quantity}+ ${usd.format(first.price)}`,
  );

  await page.goto(`/tool/${tool._id}`);
  const table = page.getByRole('table', { name: 'Price breaks' });
  await expect(table.getByRole('row')).toHaveCount(tool.priceBreaks.length + 2);
  await expect(page.getByLabel('Price')).toHaveValue(usd.format(tool.price));
  const quantity = page.getByLabel('Quantity');
  const goods = page.getByTestId('order-goods');
  await quantity.fill(String(first.quantity - 1));
  await expect(goods).toHaveText(usd.format(tool.price * (first.quantity - 1)));
  await quantity.fill(String(first.quantity));
  await expect(goods).toHaveText(usd.format(first.price * first.quantity));
  const charged = await chargesFor(page.request, first.price * first.quantity);
  await expect(page.getByTestId('order-total')).toHaveText(usd.format(charged.totalCents / 100));
  await expect(page.getByTestId('order-saving')).toHaveText(
    `${usd.format(first.price)} each, you save ${usd.format((tool.price - first.price) * first.quantity)}`,
  );
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('5 Break Street, Portland');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row).toContainText(usd.format(charged.totalCents / 100));

  // A tool sold in packs refuses a quantity that is not a whole number of packs.
  await page.goto(`/tool/${packed._id}`);
  await expect(page.getByText(`Sold in multiples of ${packed.orderMultiple} pcs.`)).toBeVisible();
  await page.getByLabel('Quantity').fill(String(packed.minOrderQuantity + 1));
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(toast(page, `Order in multiples of ${packed.orderMultiple} pcs.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Orders' })).toBeDisabled();
});
