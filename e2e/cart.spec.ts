import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cartLinkLabel } from '@voltforge/contract/cart-link';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import type { Order } from '@voltforge/contract/order';
import { orderMessages } from '@voltforge/contract/order-rules';
import type { Tool } from '@voltforge/contract/tool';
import { demo, hydrated, registerCustomer, signIn } from './fixtures';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** Tools of the demo catalogue that can be ordered at their minimum, one piece at a time. */
async function orderableTools(page: Page): Promise<Tool[]> {
  const res = await page.request.get('/api/tool?pageSize=100');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Tool[]).filter(
    (t) => t.orderMultiple === 1 && t.inStock >= t.minOrderQuantity * 3,
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: text });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a 6-line bill of materials with 2 bad lines: fix them, check out, pay once, the admin ships it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerCustomer(page, 'Bo M. Builder');
  const tools = await orderableTools(page);
  const withMinimum = tools.find((t) => t.minOrderQuantity >= 2);
  if (!withMinimum) throw new Error('the demo catalogue has no tool with a minimum above 1');
  const others = tools.filter((t) => t._id !== withMinimum._id).slice(0, 5);
  expect(others).toHaveLength(5);
  const [typo, ...good] = others;
  // The part number with its last character changed: a slip of the keyboard.
  const mistyped = `${typo!.partNumber.slice(0, -1)}${typo!.partNumber.endsWith('Q') ? 'Z' : 'Q'}`;

  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const box = page.getByLabel('Paste part numbers and quantities');
  await box.fill(
    [
      ...good.map((t) => `${t.partNumber}, ${t.minOrderQuantity}`),
      `${mistyped}\t${typo!.minOrderQuantity}`,
      `${withMinimum.partNumber}; ${withMinimum.minOrderQuantity - 1}`,
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: /^Preview: 4 of 6 lines ready/ });
  await expect(preview).toBeVisible();
  const unknown = preview.getByRole('row').filter({ hasText: mistyped });
  await expect(unknown).toContainText(typo!.partNumber);
  await expect(preview.getByRole('row').filter({ hasText: withMinimum.partNumber })).toContainText(
    orderMessages.minQuantity(withMinimum.minOrderQuantity),
  );

  // The ready lines go in; the two to fix stay in the box.
  await page.getByRole('button', { name: 'Add the ready lines' }).click();
  await expect(page.getByRole('link', { name: cartLinkLabel(4) })).toBeVisible();
  await expect(box).toHaveValue(new RegExp(mistyped));
  await box.fill(
    `${typo!.partNumber}, ${typo!.minOrderQuantity}\n${withMinimum.partNumber}, ${withMinimum.minOrderQuantity}`,
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('table', { name: /^Preview: 2 of 2 lines ready/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add the ready lines' }).click();
  await expect(page.getByRole('link', { name: cartLinkLabel(6) })).toBeVisible();

  const lines = page.getByRole('table', { name: 'Cart lines' });
  for (const t of [...good, typo!, withMinimum]) {
    await expect(lines.getByRole('row').filter({ hasText: t.partNumber })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Checkout: one order, one payment, charged the total the cart showed (goods, shipping, tax).
  const shownTotal = await page.getByTestId('cart-total').textContent();
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('8 Assembly Row, Dayton');
  await page.getByLabel('PO number (optional)').fill('PO-2026-0117');
  let checkouts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/checkout') && r.method() === 'POST') checkouts += 1;
  });
  await page.getByRole('button', { name: 'Checkout' }).dblclick();
  await expect(toast(page, checkoutMessages.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  expect(checkouts).toBe(1);
  const orderId = page.url().split('/').at(-1)!;
  const placed = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(placed.lines).toHaveLength(6);
  expect(placed.poNumber).toBe('PO-2026-0117');
  expect(placed.order).toBe(`${placed.lines[0]!.partNumber} and 5 more`);
  expect(usd.format(placed.total)).toBe(shownTotal);
  const summary = page.getByRole('article', { name: `Please pay for ${placed.order}` });
  await expect(summary.getByTestId('payment-total')).toHaveText(usd.format(placed.total));
  for (const line of placed.lines) await expect(summary).toContainText(line.partNumber);

  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

  // My Orders: one paid order, its six lines listed; the cart is empty.
  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const row = page.locator(`[data-order-id="${orderId}"]`).filter({ visible: true });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Your PO: PO-2026-0117');
  for (const line of placed.lines) await expect(row).toContainText(line.partNumber);
  await expect(page.locator('[data-order-id]').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: cartLinkLabel(0) })).toBeVisible();

  // The admin ships it from its own page, where the lines are listed too.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin);
  await admin.goto(`/dashboard/manageOrder/${orderId}`);
  const card = admin.getByRole('region', { name: `Order ${orderId}` });
  for (const line of placed.lines) await expect(card).toContainText(line.partNumber);
  await expect(card).toContainText('PO-2026-0117');
  await card.getByRole('button', { name: /^Shipped/ }).click();
  await admin
    .getByRole('dialog', { name: 'Confirm' })
    .getByRole('button', { name: 'Mark shipped' })
    .click();
  await expect(card.getByRole('button', { name: /^Shipped/ })).toHaveCount(0);
  await page.reload();
  await expect(
    page.locator(`[data-order-id="${orderId}"]`).filter({ visible: true }),
  ).toContainText('Shipped');
});

test("a visitor's cart survives reloads and sign-in, and the buyer is told", async ({
  page,
  browser,
}) => {
  // An account made elsewhere, so this browser is a visitor until it signs in.
  const elsewhere = await newPage(browser);
  const buyer = await registerCustomer(elsewhere, 'Vic Visitor');
  await elsewhere.context().close();

  const [tool] = await orderableTools(page);
  await page.goto('/tools');
  await hydrated(page);
  await page.getByRole('button', { name: `Add ${tool!.name} to cart` }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: cartLinkLabel(1) })).toBeVisible();

  await page.reload();
  await page.getByRole('link', { name: cartLinkLabel(1) }).click();
  const lines = page.getByRole('table', { name: 'Cart lines' });
  await expect(lines.getByRole('row').filter({ hasText: tool!.partNumber })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to check out' })).toBeVisible();

  await signIn(page, buyer);
  await expect(toast(page, 'The cart from this browser was added to your account:')).toBeVisible();
  await page.goto('/cart');
  await expect(
    page
      .getByRole('table', { name: 'Cart lines' })
      .getByRole('row')
      .filter({ hasText: tool!.partNumber }),
  ).toBeVisible();
  // The line is the account's now: on the server, not in this browser.
  const cart = (await (await page.request.get('/api/cart')).json()) as { lines: unknown[] };
  expect(cart.lines).toHaveLength(1);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => /cart/i.test(k))
        .map((k) => localStorage.getItem(k)),
    ),
  ).not.toContainEqual(expect.stringContaining(tool!._id));
});

for (const width of [375, 1280]) {
  test(`/cart at ${width} px: axe clean with lines, a quick-order preview and the checkout form`, async ({
    page,
  }) => {
    await registerCustomer(page, 'Axel Axe');
    await page.setViewportSize({ width, height: 900 });
    const [a, b] = await orderableTools(page);
    await page.goto('/cart');
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByLabel('Paste part numbers and quantities')
      .fill(
        `${a!.partNumber}, ${a!.minOrderQuantity}\n${b!.partNumber}, ${b!.minOrderQuantity}\nNO-SUCH-PART, 2`,
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: /^Preview: 2 of 3 lines ready/ });
    await expect(preview).toBeVisible();
    // Every verdict and line total is seen whole, with no sideways scrolling (on a phone each
    // line is a card, its verdict under it).
    const region = page.getByRole('region', { name: 'Quick order preview' });
    expect(
      await region.evaluate((el) => el.scrollWidth - el.clientWidth),
      'the preview scrolls sideways',
    ).toBeLessThanOrEqual(0);
    const unknown = preview.getByRole('row', { name: /NO-SUCH-PART/ });
    const verdict = unknown.getByRole('cell').filter({ hasText: 'Unknown part number' });
    for (const cell of [verdict, unknown.getByRole('cell').last()]) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await cell.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    if (width === 375) {
      // The verdict sits under the part number, not beside it.
      const part = (await unknown.getByRole('rowheader').boundingBox())!;
      expect((await verdict.boundingBox())!.y).toBeGreaterThan(part.y + part.height - 1);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add the ready lines' }).click();
    await expect(page.getByRole('link', { name: cartLinkLabel(2) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
