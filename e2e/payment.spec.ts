import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import { registerCustomer } from './fixtures';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function pickTool(page: Page): Promise<Tool> {
  const res = await page.request.get('/api/tool?pageSize=100');
  expect(res.ok()).toBe(true);
  const tools = (await res.json()) as Tool[];
  const tool = tools.find((t) => t.inStock >= t.minOrderQuantity * 3);
  if (!tool) throw new Error('the demo catalogue has no tool with stock for three orders');
  return tool;
}

/** Places an order through the real order form and returns it as My Orders' API lists it. */
async function placeOrder(page: Page, tool: Tool): Promise<Order> {
  await page.goto(`/tool/${tool._id}`);
  await page.getByLabel('Quantity').fill(String(tool.minOrderQuantity));
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('42 Circuit Road, Portland');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  const res = await page.request.get('/api/order');
  const orders = (await res.json()) as Order[];
  const placed = orders.find((o) => o.toolId === tool._id && o.status === 'pending_payment');
  if (!placed) throw new Error('the order did not show up');
  return placed;
}

/** Axe on the page's main content (the site frame is checked by the storefront spec). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12${nextYear}`);
  await page.getByLabel('CVC').fill('123');
}

test('pay an order with 4242…: success, transaction id, and Paid in My Orders', async ({
  page,
}) => {
  const customer = await registerCustomer(page, 'Nikola Ferraris');
  const tool = await pickTool(page);
  const placed = await placeOrder(page, tool);

  // From My Orders' pay link to the payment page.
  const row = page.locator(`[data-order-id="${placed._id}"]`).filter({ visible: true });
  await row.getByRole('link', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${placed._id}$`));
  // Named by the order's number, the id a person uses.
  await expect(page.getByRole('heading', { name: `Pay for ${placed.number}` })).toBeVisible();
  const summary = page.getByRole('article', { name: `Please pay for ${tool.name}` });
  await expect(summary).toContainText(customer.name);
  await expect(summary).toContainText(tool.name);
  await expect(summary.getByTestId('payment-total')).toHaveText(usd.format(placed.total));
  await expect(summary).toContainText(placed.number);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use card 4242 4242 4242 4242' })).toBeVisible();

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveValue(`12 / ${nextYear}`);

  // While the card is being confirmed, Pay cannot be pressed again.
  let releaseConfirm = () => {};
  const confirmHeld = new Promise<void>((resolve) => (releaseConfirm = resolve));
  await page.route('**/api/payments/test/confirm', async (route) => {
    await confirmHeld;
    await route.continue();
  });
  await pay.click();
  const paying = page.getByRole('button', { name: 'Paying…' });
  await expect(paying).toBeDisabled();
  releaseConfirm();

  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  const transactionId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_/);
  // Once paid, the confirmation alone: no card form, no test cards above it.
  await expect(pay).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use card 4242 4242 4242 4242' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('alert').filter({ hasText: /card/i })).toHaveCount(0);

  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const paidRow = page.locator(`[data-order-id="${placed._id}"]`).filter({ visible: true });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).toContainText(transactionId);
  await expect(paidRow.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
});

test('a declined card (…0002) shows the error in red and the order stays unpaid', async ({
  page,
}) => {
  await registerCustomer(page, 'Ada Coulomb');
  const tool = await pickTool(page);
  const placed = await placeOrder(page, tool);

  // Pay waits for the client secret.
  let releaseIntent = () => {};
  const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
  await page.route('**/api/create-payment-intent', async (route) => {
    await intentHeld;
    await route.continue();
  });
  await page.goto(`/dashboard/payment/${placed._id}`);
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(pay).toBeDisabled();
  releaseIntent();
  await expect(pay).toBeEnabled();

  // The form checks the card before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await pay.click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();

  await page.getByLabel('Card number').fill('');
  await page.getByRole('button', { name: 'Use card 4000 0000 0000 0002' }).click();
  await page.getByLabel('Expiry (MM / YY)').fill(`12${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await pay.click();

  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('You were not charged.');
  // Red: the theme's error colour, not the body text colour.
  const color = await error.evaluate((el) => getComputedStyle(el).color);
  const body = await page.locator('body').evaluate((el) => getComputedStyle(el).color);
  expect(color).not.toBe(body);
  await expect(error).toHaveClass(/text-error/);
  await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);
  await expect(pay).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  const res = await page.request.get(`/api/order/${placed._id}`);
  expect(((await res.json()) as Order).paid).toBe(false);

  await page.goto('/dashboard/myOrder');
  const row = page.locator(`[data-order-id="${placed._id}"]`).filter({ visible: true });
  await expect(row.getByRole('link', { name: /^Pay/ })).toBeVisible();
  await expect(row).not.toContainText('Paid');
});

test('an already-paid order cannot be paid again', async ({ page }) => {
  await registerCustomer(page, 'Georg Ohm');
  const tool = await pickTool(page);
  const placed = await placeOrder(page, tool);

  await page.goto(`/dashboard/payment/${placed._id}`);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  const transactionId = (await page.getByTestId('transaction-id').textContent()) ?? '';

  // Coming back shows the payment instead of a card form, and no longer asks to pay.
  await page.reload();
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByText(/^Please pay for/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Invoice \(PDF\)/ })).toBeVisible();
  await expect(page.getByText(transactionId)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  // And the API refuses a new intent for it.
  const again = await page.request.post('/api/create-payment-intent', {
    data: { orderId: placed._id },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
    'This order is already paid.',
  );
});

test('visitors never download the payment code, and test mode never loads Stripe', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');
  await page.goto('/tools');
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  expect(scripts.filter((url) => /payment-page|stripe/i.test(url))).toEqual([]);

  await registerCustomer(page, 'Alessandro Volta');
  const placed = await placeOrder(page, await pickTool(page));
  await page.goto(`/dashboard/payment/${placed._id}`);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  expect(scripts.some((url) => /payment-page/.test(url))).toBe(true);
  expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);
});
