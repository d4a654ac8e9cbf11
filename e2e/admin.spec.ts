import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminMessages } from '@voltforge/contract/admin';
import { toolImageMessages } from '@voltforge/contract/tool-image-rules';
import type { Order } from '@voltforge/contract/order';
import { shipmentMessages } from '@voltforge/contract/back-order';
import {
  demo,
  hydrated,
  openMail,
  placeOrder,
  registerCustomer,
  seriousViolations,
  signIn,
  usersMatching,
} from './fixtures';

/** A second person at their own browser: own cookies, own session. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await newPerson(browser);
  await signIn(page, demo.admin);
  return page;
}

/** Confirms in the shop's own dialog after checking its wording. */
async function confirmInDialog(page: Page, button: string, message: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

async function toast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** The customer orders and pays through the API, as the payment page would (test provider). */
async function placePaidOrder(page: Page): Promise<Order> {
  const { order } = await placeOrder(page);
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { orderId: order._id },
  });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await page.request.post('/api/payments/test/confirm', {
    data: { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(confirmed.status()).toBe(200);
  const { paymentIntentId } = (await confirmed.json()) as { paymentIntentId: string };
  const paid = await page.request.patch(`/api/order/${order._id}`, {
    data: { transactionId: paymentIntentId },
  });
  expect(paid.status()).toBe(200);
  return (await paid.json()) as Order;
}

test('admin makes a customer an admin; after a reload that user sees the admin menu', async ({
  browser,
}) => {
  const customer = await newPerson(browser);
  const who = await registerCustomer(customer, 'Morgan Promoted');
  await customer.goto('/dashboard');
  const dashboardMenu = customer.getByRole('navigation', { name: 'Dashboard' });
  await expect(dashboardMenu.getByRole('link', { name: 'My Order' })).toBeAttached();
  await expect(dashboardMenu.getByRole('link', { name: 'All User' })).toHaveCount(0);

  const admin = await signedInAdmin(browser);
  await admin.goto(usersMatching(who.email));
  const row = admin.getByRole('row').filter({ hasText: who.email });
  await row.getByRole('button', { name: /^Make Admin/ }).click();
  await confirmInDialog(admin, 'Make Admin', `Make ${who.email} an admin?`);
  await toast(admin, adminMessages.madeAdmin);
  await expect(row.getByRole('button', { name: 'Already Admin' })).toBeDisabled();

  await customer.reload();
  await expect(dashboardMenu.getByRole('link', { name: 'All User' })).toBeAttached();
  await customer.goto('/dashboard/users');
  await expect(customer.getByRole('heading', { name: /^All User/ })).toBeVisible();
});

test('admin adds a tool, it is on the home page, and Add Quantity raises its Available Quantity', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const name = `VF-E2E Logic Probe ${randomUUID().slice(0, 6)}`;
  await admin.goto('/dashboard/addTool');

  // Both sides validate: the form refuses what the server would.
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await expect(admin.getByText('Name is required')).toBeVisible();

  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Part number').fill(`LP-${randomUUID().slice(0, 8)}`);
  await admin.getByLabel('Available quantity').fill('30');
  await admin.getByLabel('Minimum order quantity').fill('2');
  await admin.getByLabel('Price (USD per unit)').fill('12.345');
  await admin.getByLabel('Category').selectOption('Measurement & Test');
  await admin.getByLabel('Description').fill('A pocket logic probe for 3.3 V and 5 V circuits.');
  await admin.getByLabel('Photo URL').fill('/images/tools/vf-tl100-test-leads.svg');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await expect(admin.getByText('Price can have at most 2 decimals')).toBeVisible();
  await admin.getByLabel('Price (USD per unit)').fill('12.35');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await toast(admin, adminMessages.toolAdded);
  await expect(admin.getByLabel('Name')).toHaveValue('');

  const visitor = await newPerson(browser);
  await visitor.goto('/');
  const card = visitor.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(
    card.getByText('Available Quantity').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('30');

  await admin.goto('/dashboard/manageTools');
  await admin.getByPlaceholder('Search by name').fill(name);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Add Quantity/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Quantity' });
  await dialog.getByLabel('Quantity to add').fill('0');
  await dialog.getByRole('button', { name: 'Add Quantity' }).click();
  await expect(dialog.getByText(/Quantity must be a whole number from 1/)).toBeVisible();
  await dialog.getByLabel('Quantity to add').fill('25');
  await dialog.getByRole('button', { name: 'Add Quantity' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '55', exact: true })).toBeVisible();
  await toast(admin, adminMessages.restocked(25, name));

  await visitor.reload();
  await expect(
    visitor
      .getByRole('article', { name })
      .getByText('Available Quantity')
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('55');
});

test('admin uploads a photo on Add Tools at 1280 px, and the catalogue card shows it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signIn(admin, demo.admin);
  const name = `VF-E2E Photo Probe ${randomUUID().slice(0, 6)}`;
  await admin.goto('/dashboard/addTool');

  // A photo from the admin's computer, 1600 × 1200, chosen with the keyboard.
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#c2571a' },
  })
    .png()
    .toBuffer();
  const chooser = admin.getByLabel(toolImageMessages.uploadLabel);
  await chooser.focus();
  const [fileChooser] = await Promise.all([
    admin.waitForEvent('filechooser'),
    admin.keyboard.press('Space'),
  ]);
  await fileChooser.setFiles({ name: 'probe.png', mimeType: 'image/png', buffer: photo });
  await expect(admin.getByText(toolImageMessages.uploaded('probe.png'))).toBeVisible();
  await expect(admin.getByLabel('Photo URL')).toHaveValue(
    /^\/api\/tool-image\/[0-9a-f]{64}-800\.webp$/,
  );
  await expect(admin.getByRole('img', { name: 'Preview of the photo' })).toBeVisible();
  const img = await admin.getByLabel('Photo URL').inputValue();

  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Part number').fill(`PP-${randomUUID().slice(0, 8)}`);
  await admin.getByLabel('Available quantity').fill('12');
  await admin.getByLabel('Minimum order quantity').fill('1');
  await admin.getByLabel('Price (USD per unit)').fill('14.50');
  await admin.getByLabel('Category').selectOption('Measurement & Test');
  await admin.getByLabel('Description').fill('A probe whose photo was uploaded to the shop.');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await toast(admin, adminMessages.toolAdded);

  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await visitor.goto(`/tools?search=${encodeURIComponent(name)}`);
  const picture = visitor.getByRole('article', { name }).getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', img);
  await expect
    .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(800);
});

test("staff ship a customer's paid order with its tracking, then deliver it, each confirmed", async ({
  browser,
}) => {
  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Dana Delivered');
  const order = await placePaidOrder(customer);
  expect(order.status).toBe('paid');

  const admin = await signedInAdmin(browser);
  await admin.goto('/dashboard/manageOrders');
  await admin.getByLabel('Status').selectOption('paid');
  await expect(admin).toHaveURL(/status=paid/);
  const label = `order ${order.number}`;
  // A paid order is shipped first: there is no Delivered on it.
  await expect(admin.getByRole('button', { name: new RegExp(`^Shipped: ${label}`) })).toBeVisible();
  await expect(admin.getByRole('button', { name: new RegExp(`^Delivered: ${label}`) })).toHaveCount(
    0,
  );
  await admin.getByRole('button', { name: new RegExp(`^Shipped: ${label}`) }).click();
  const ship = admin.getByRole('dialog', { name: 'Confirm' });
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await toast(admin, adminMessages.statusChanged('shipped'));
  // Filtered by Paid, the shipped order leaves the list.
  await expect(admin.getByRole('button', { name: new RegExp(`^Shipped: ${label}`) })).toHaveCount(
    0,
  );

  await customer.goto('/dashboard/myOrder');
  const mine = customer.locator(`[data-order-id="${order._id}"]`).filter({ visible: true });
  await expect(mine.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(mine.getByText(/UPS · tracking 1Z999AA10123456784/)).toBeVisible();

  await admin.getByLabel('Status').selectOption('shipped');
  await admin.getByRole('button', { name: new RegExp(`^Delivered: ${label}`) }).click();
  await admin
    .getByRole('dialog', { name: 'Confirm' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await toast(admin, adminMessages.statusChanged('delivered'));
  await customer.reload();
  await expect(mine.getByText('Delivered', { exact: true })).toBeVisible();
});

test('one order on its own admin page: details and the allowed action', async ({ browser }) => {
  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Owen Onepage');
  const order = await placePaidOrder(customer);

  const admin = await signedInAdmin(browser);
  await admin.goto(`/dashboard/manageOrder/${order._id}`);
  const card = admin.getByRole('region', { name: `Order ${order._id}` });
  await expect(card.getByText('Owen Onepage')).toBeVisible();
  await expect(card.getByText(order.transactionId ?? 'missing')).toBeVisible();
  await card.getByRole('button', { name: /^Shipped/ }).click();
  await admin
    .getByRole('dialog', { name: 'Confirm' })
    .getByRole('button', { name: 'Mark shipped' })
    .click();
  await toast(admin, adminMessages.statusChanged('shipped'));
  await expect(card.getByRole('button', { name: /^Shipped/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Delivered/ })).toBeVisible();

  // A customer who finds the address is sent away like on every admin page.
  await customer.goto(`/dashboard/manageOrder/${order._id}`);
  await expect(customer).toHaveURL('/');
});

test("Remove User: the removed user's next request is signed out", async ({ browser }) => {
  const customer = await newPerson(browser);
  const who = await registerCustomer(customer, 'Riley Removed');
  await customer.goto('/dashboard');
  await expect(customer.getByRole('heading', { name: 'Welcome To Dashboard' })).toBeVisible();

  const admin = await signedInAdmin(browser);
  await admin.goto(usersMatching(who.email));
  const row = admin.getByRole('row').filter({ hasText: who.email });
  await row.getByRole('button', { name: /^Remove User/ }).click();
  await confirmInDialog(admin, 'Remove User', adminMessages.confirmDelete);
  await toast(admin, adminMessages.userRemoved);
  await expect(row).toHaveCount(0);

  expect((await customer.request.get('/api/profile')).status()).toBe(401);
  await customer.reload();
  await expect(customer).toHaveURL(/\/login$/);

  // The admin cannot remove themself: the button is disabled, and the server refuses anyway.
  await admin.goto(usersMatching(demo.admin.email));
  const own = admin.getByRole('row').filter({ hasText: demo.admin.email });
  await expect(own.getByRole('button', { name: /^Remove User/ })).toBeDisabled();
  const self = await admin.request.delete(`/api/user/${encodeURIComponent(demo.admin.email)}`);
  expect(self.status()).toBe(400);
});

test('a customer cannot use the admin pages or the admin API', async ({ page }) => {
  await registerCustomer(page, 'Casey Customer');
  for (const [method, url] of [
    ['GET', '/api/user'],
    ['GET', '/api/orders'],
    ['POST', '/api/tool'],
  ] as const) {
    const res = await page.request.fetch(url, { method, data: method === 'POST' ? {} : undefined });
    expect(res.status()).toBe(403);
  }
  // The spec: a non-admin on an admin page is signed out and sent home.
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});

test('visitors and customers never download the admin code', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto('/tools');
  await registerCustomer(page, 'Quinn Quiet');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome To Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Fetched again afterwards: a response body is gone once its page has navigated on.
  const code = (
    await Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()))
  ).join('\n');
  expect(code.length).toBeGreaterThan(0);
  for (const adminOnly of [adminMessages.madeAdmin, 'Add Quantity', adminMessages.toolAdded]) {
    expect(code).not.toContain(adminOnly);
  }
});

/** Serious or critical accessibility problems in the page's main content. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the admin pages have no serious accessibility problems at 375 and 1280 px', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const pages = [
    ['/dashboard/users', /^All User/],
    ['/dashboard/addTool', /^Add Products/],
    ['/dashboard/manageTools', /^Manage All Products/],
    ['/dashboard/manageOrders', /^Manage All Orders/],
  ] as const;
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    for (const [path, heading] of pages) {
      await admin.goto(path);
      await expect(admin.getByRole('heading', { name: heading })).toBeVisible();
      await admin.waitForLoadState('networkidle');
      expect(await axeProblems(admin), `${path} at ${width} px`).toEqual([]);
    }
  }
  await admin.goto('/dashboard/manageTools');
  await admin
    .getByRole('button', { name: /^Add Quantity/ })
    .first()
    .click();
  await expect(admin.getByRole('dialog', { name: 'Add Quantity' })).toBeVisible();
  expect(await axeProblems(admin), 'Add Quantity dialog').toEqual([]);
});

test('admin sells a new tool in packs with price breaks; a bad break is named; the card shows them', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const name = `VF-E2E Relay Tube ${randomUUID().slice(0, 6)}`;
  await admin.goto('/dashboard/addTool');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Part number').fill(`RT-${randomUUID().slice(0, 8)}`);
  await admin.getByLabel('Available quantity').fill('1000');
  await admin.getByLabel('Minimum order quantity').fill('20');
  await admin.getByLabel('Order multiple (pcs.; 1 for any quantity)').fill('20');
  await admin.getByLabel('Price (USD per unit)').fill('8.90');
  await admin.getByRole('button', { name: 'Add price break' }).click();
  await admin.getByLabel('Break 1: from quantity').fill('100');
  await admin.getByLabel('Break 1: price (USD per unit)').fill('8.20');
  await admin.getByRole('button', { name: 'Add price break' }).click();
  await admin.getByLabel('Break 2: from quantity').fill('500');
  await admin.getByLabel('Break 2: price (USD per unit)').fill('8.50');
  await admin.getByLabel('Category').selectOption('Components');
  await admin.getByLabel('Description').fill('Four-channel relay modules, sold by the tube of 20.');
  await admin.getByLabel('Photo URL').fill('/images/tools/vf-rl12-relay-module.svg');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await expect(
    admin.getByText('Price break 2 (500+): the price must be less than that of break 1 ($8.20).'),
  ).toBeVisible();
  await admin.getByLabel('Break 2: price (USD per unit)').fill('7.40');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await toast(admin, adminMessages.toolAdded);

  const visitor = await newPerson(browser);
  await visitor.goto('/');
  const card = visitor.getByRole('article', { name });
  await expect(card).toContainText('20+ $8.90 · 100+ $8.20 · 500+ $7.40');
  await expect(
    card.getByText('Order multiple').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('20 pcs.');
  expect(
    (await new AxeBuilder({ page: visitor }).include('#main').analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
});

test('staff ship a paid order, then cancel the shipment that did not leave: paid again, the customer told', async ({
  browser,
}) => {
  const customer = await newPerson(browser);
  const who = await registerCustomer(customer, 'Pat Pickup');
  const order = await placePaidOrder(customer);
  const admin = await signedInAdmin(browser);
  const shipped = await admin.request.post(`/api/admin/orders/${order._id}/shipments`, {
    data: {
      lines: [{ lineNo: 1, quantity: order.quantity }],
      carrier: 'UPS',
      trackingNumber: '1Z-MISSED',
    },
  });
  expect(shipped.status()).toBe(201);
  await admin.goto(`/dashboard/manageOrder/${order._id}`);
  await hydrated(admin);
  const card = admin.getByRole('region', { name: `Order ${order._id}` });
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(card).toContainText('UPS 1Z-MISSED');

  // The pickup was missed: staff cancel the shipment, asked first.
  await admin.getByRole('button', { name: 'Cancel shipment 1' }).click();
  await confirmInDialog(admin, 'Cancel shipment', 'Cancel shipment 1?');
  await toast(admin, shipmentMessages.cancelled(1));
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(
    admin.getByRole('list', { name: `Shipments of order ${order.number}` }),
  ).toContainText('Cancelled');
  await expect(admin.getByRole('button', { name: 'Cancel shipment 1' })).toHaveCount(0);
  // It can ship again.
  await expect(card.getByRole('button', { name: /^Shipped/ })).toBeEnabled();
  expect(await seriousViolations(admin)).toEqual([]);

  const mail = await openMail(admin, who.email, /^Shipment 1 of your Voltforge order/);
  expect(mail).toContain('disregard its tracking number');
});
