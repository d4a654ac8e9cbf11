import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Order } from '@voltforge/contract/order';
import type { Tool } from '@voltforge/contract/tool';
import { demo, registerCustomer, signIn } from './fixtures';

// Screenshots of the new pages, for a person to look at; outside the repository.
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // From the top and with nothing focused, so the sticky header and skip link sit where a
  // person sees them rather than where the last check scrolled to.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function newPerson(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await newPerson(browser);
  await signIn(page, demo.admin);
  return page;
}

/** Serious or critical accessibility problems in the page's main content. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe at a phone's and a laptop's width, with a screenshot of each. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeProblems(page), `${name} at ${width} px`).toEqual([]);
    await shoot(page, `${name}-${width}`);
  }
}

async function placeOrder(page: Page, toolId: string, quantity: number): Promise<Order> {
  const placed = await page.request.post('/api/order', {
    data: { toolId, quantity, phone: '+1 555 010 2030', address: '12 Foundry Lane, Springfield' },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as Order;
}

/** Pays through the test provider, as the payment page does; `declineFirst` tries a declined card first. */
async function pay(page: Page, order: Order, opts: { declineFirst?: boolean } = {}) {
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { orderId: order._id },
  });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { clientSecret, expMonth: 12, expYear: 2099, cvc: '123' };
  if (opts.declineFirst) {
    const declined = await page.request.post('/api/payments/test/confirm', {
      data: { ...card, number: '4000000000000002' },
    });
    expect(declined.status()).toBe(402);
  }
  const confirmed = await page.request.post('/api/payments/test/confirm', {
    data: { ...card, number: '4242424242424242' },
  });
  expect(confirmed.status()).toBe(200);
  const { paymentIntentId } = (await confirmed.json()) as { paymentIntentId: string };
  expect(
    (
      await page.request.patch(`/api/order/${order._id}`, {
        data: { transactionId: paymentIntentId },
      })
    ).status(),
  ).toBe(200);
}

// Each journey signs people in, pays and renders charts: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const HEADER = 'partNumber,name,category,price,minOrderQuantity,inStock,lowStockThreshold,img,desc';

test('admin sees sales as a chart and as a table on the dashboard', async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Casey Chart');
  const tools = (await (await customer.request.get('/api/tool?pageSize=100')).json()) as Tool[];
  // The dearest order a tool makes at its minimum, so that it is among the top tools whatever
  // the other journeys (which add cheap tools of their own) have sold today.
  const tool = tools
    .filter((t) => t.inStock >= t.minOrderQuantity * 3)
    .sort((a, b) => b.price * b.minOrderQuantity - a.price * a.minOrderQuantity)[0];
  if (!tool) throw new Error('no tool in stock');
  await pay(customer, await placeOrder(customer, tool._id, tool.minOrderQuantity));

  await admin.goto('/dashboard');
  await expect(admin.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(
    admin.getByRole('img', { name: /Chart of revenue and paid orders per day/ }),
  ).toBeVisible();
  await admin.getByText('Show the figures per day as a table').click();
  const table = admin.getByRole('table', { name: /Revenue and paid orders per day/ });
  await expect(table.getByRole('row')).toHaveCount(32);
  await expect(table.getByRole('row', { name: /^Total/ })).not.toHaveText(/\$0\.00/);
  await expect(
    admin.getByRole('table', { name: 'Top tools by revenue in the period' }).getByText(tool.name),
  ).toBeVisible();
  await checkAtBothWidths(admin, 'overview');

  await admin.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(table.getByRole('row')).toHaveCount(92);

  // Customers keep their welcome page.
  await customer.goto('/dashboard');
  await expect(customer.getByRole('heading', { name: 'Overview' })).toHaveCount(0);
});

test('a CSV with a bad row imports nothing; fixed, it adds the tools', async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const rows = (price: string) =>
    [
      HEADER,
      `IMP-${tag}-1,Imported Scope ${tag},Measurement & Test,249.00,1,12,,/images/tools/vf-os1104-oscilloscope.svg,"A scope, imported."`,
      `IMP-${tag}-2,Imported Probe ${tag},Measurement & Test,${price},2,40,5,/images/tools/vf-tl100-test-leads.svg,Probe set.`,
    ].join('\r\n');

  await admin.goto('/dashboard/manageTools');
  await admin.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(admin.getByRole('heading', { name: 'Import Tools' })).toBeVisible();
  const upload = (csv: string, name: string) =>
    admin
      .getByLabel('CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await upload(rows('twelve'), 'bad.csv');
  const errors = admin.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row', { name: '3 price Must be a number' })).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await checkAtBothWidths(admin, 'import-preview-errors');
  const none = (await (await admin.request.get(`/api/tool?search=${tag}`)).json()) as Tool[];
  expect(none).toEqual([]);

  await upload(rows('12.00'), 'fixed.csv');
  await expect(
    admin.getByRole('table', { name: 'What each row of the file would do' }),
  ).toBeVisible();
  await checkAtBothWidths(admin, 'import-preview');
  await admin.getByRole('button', { name: 'Import 2 changes' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Imported: 2 tools added, 0 updated.' }),
  ).toBeVisible();

  await admin.goto('/');
  await expect(admin.getByText(`Imported Probe ${tag}`)).toBeVisible();
  await expect(admin.getByText(`Imported Scope ${tag}`)).toBeVisible();
});

test('an order that takes a tool to its threshold marks it low in Manage Products', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const created = await admin.request.post('/api/tool', {
    data: {
      partNumber: `LOW-${tag}`,
      name: `Low Stock Relay ${tag}`,
      inStock: 10,
      minOrderQuantity: 2,
      price: 9.5,
      desc: 'Runs out soon.',
      img: '/images/tools/vf-rl12-relay-module.svg',
      category: 'Components',
    },
  });
  expect(created.status()).toBe(201);
  const tool = (await created.json()) as Tool;

  await admin.goto('/dashboard/manageTools');
  const row = admin.getByRole('row').filter({ hasText: `LOW-${tag}` });
  await expect(row.getByText('Low stock', { exact: true })).toHaveCount(0);

  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Lee Low');
  await placeOrder(customer, tool._id, 6);

  await admin.reload();
  await expect(row.getByText('Low stock', { exact: true })).toBeVisible();
  await admin.getByLabel('Only low stock').check();
  await expect(admin.getByRole('row').filter({ hasText: `LOW-${tag}` })).toBeVisible();
  await checkAtBothWidths(admin, 'manage-products-low-stock');

  // Every admin is mailed once; without a mail server the mail waits on the Mail page.
  await admin.goto('/dashboard/mail');
  await expect(
    admin
      .getByRole('link', { name: `Low stock: Low Stock Relay ${tag} (LOW-${tag}), 4 left` })
      .first(),
  ).toBeVisible();
  await admin.goto('/dashboard');
  await expect(
    admin.getByRole('region', { name: 'Low stock' }).getByText(`Low Stock Relay ${tag}`),
  ).toBeVisible();
});

test('the order page shows the timeline after pay, ship and deliver; the customer sees theirs', async ({
  browser,
}) => {
  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Tess Timeline');
  const tools = (await (await customer.request.get('/api/tool?pageSize=100')).json()) as Tool[];
  const tool = tools.find((t) => t.inStock >= t.minOrderQuantity * 3);
  if (!tool) throw new Error('no tool in stock');
  const order = await placeOrder(customer, tool._id, tool.minOrderQuantity);
  await pay(customer, order, { declineFirst: true });

  const admin = await signedInAdmin(browser);
  for (const status of ['shipped', 'delivered']) {
    const moved = await admin.request.patch(`/api/order/${order._id}/status`, { data: { status } });
    expect(moved.status()).toBe(200);
  }
  await admin.goto(`/dashboard/manageOrder/${order._id}`);
  const timeline = admin.getByRole('list', { name: 'What happened to this order' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /Order placed/,
    /Stock reserved/,
    /Payment started/,
    /Payment declined.*Your card was declined\..*card ending 0002.*by Tess Timeline/s,
    /Payment succeeded.*Transaction pi_test_\w+\..*by the card provider/s,
    /Marked paid.*by the card provider/s,
    /Invoice INV-\d{4}-\d{6} issued.*by the shop/s,
    /Shipment 1 sent.*by Demo Admin \(staff\)/s,
    /Marked shipped.*by Demo Admin \(staff\)/s,
    /Marked delivered.*by Demo Admin \(staff\)/s,
  ]);
  await checkAtBothWidths(admin, 'timeline');

  // My Orders is a card per order on a phone and a table on a laptop: open the history in each.
  for (const width of [375, 1280]) {
    await customer.setViewportSize({ width, height: 900 });
    await customer.goto('/dashboard/myOrder');
    await customer
      .getByRole('button', { name: /History/ })
      .first()
      .click();
    const theirs = customer.getByRole('list', { name: /History of order/ });
    await expect(theirs.getByText('Marked delivered')).toBeVisible();
    await expect(theirs.getByText('Payment declined')).toBeVisible();
    await expect(theirs.getByText('Stock reserved')).toHaveCount(0);
    expect(await axeProblems(customer), `My Orders history at ${width} px`).toEqual([]);
    await shoot(customer, `my-orders-timeline-${width}`);
  }
});

test('the part number shows on the card, the order page, the orders and finds the tool', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const partNumber = `PN-${tag}`;
  const created = await admin.request.post('/api/tool', {
    data: {
      partNumber,
      name: `Bench Supply ${tag}`,
      inStock: 40,
      minOrderQuantity: 1,
      price: 120,
      desc: 'A bench power supply.',
      img: '/images/tools/vf-dm200-digital-multimeter.svg',
      category: 'Power',
    },
  });
  expect(created.status()).toBe(201);
  const tool = (await created.json()) as Tool;

  // The catalogue finds it by its part number, in any letter case, and the card shows it.
  const customer = await newPerson(browser);
  await registerCustomer(customer, 'Pat Part');
  await customer.goto('/tools');
  const search = customer.getByLabel('Search tools by name or part number');
  await search.fill(partNumber.toLowerCase());
  await search.press('Enter');
  const cards = customer.getByRole('list', { name: 'Tools' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(partNumber);

  await customer.goto(`/tool/${tool._id}`);
  await expect(customer.getByText(partNumber)).toBeVisible();

  const order = await placeOrder(customer, tool._id, 1);
  await customer.goto('/dashboard/myOrder');
  await expect(customer.getByRole('main').getByText(partNumber).first()).toBeVisible();

  await admin.goto('/dashboard/manageTools');
  await admin.getByRole('searchbox', { name: 'Search tools by name or part number' }).fill(tag);
  await expect(admin.getByRole('row').filter({ hasText: `Bench Supply ${tag}` })).toBeVisible();
  await admin.goto('/dashboard/manageOrders');
  await admin
    .getByLabel('Search by order number, part number, tool, customer, company or PO number')
    .fill(partNumber.toLowerCase());
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Manage All Orders (1)' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: partNumber })).toBeVisible();
  await checkAtBothWidths(admin, 'manage-orders-search');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto(`/dashboard/manageOrder/${order._id}`);
  await expect(admin.getByRole('main').getByText(partNumber)).toBeVisible();
});
