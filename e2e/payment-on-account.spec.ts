import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import type { Company } from '@voltforge/contract/company';
import type { Cart } from '@voltforge/contract/cart';
import type { Approval } from '@voltforge/contract/approval';
import { approvalMessages } from '@voltforge/contract/approval-rules';
import { creditMessages } from '@voltforge/contract/credit-rules';
import type { Order } from '@voltforge/contract/order';
import {
  cheapTool,
  hydrated,
  linkIn,
  openMail,
  registerCustomer,
  seriousViolations,
  signedInAdmin,
} from './fixtures';

/** The text of a PDF as a reader would copy it (poppler's pdftotext, which .ci/run installs). */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
}

/** Staff record a payment for `invoice` on the open company page. */
async function recordPayment(staff: Page, invoice: string, amount: string) {
  const form = staff.getByRole('form', { name: `Record a payment for ${invoice}` });
  await form.getByLabel('Amount ($)').fill(amount);
  await form.getByLabel('Bank reference').fill(`BANK-${amount}`);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByText(creditMessages.paymentRecorded).first()).toBeVisible();
}

test('staff grant a company terms; a colleague orders on account with a PO number to a second address, over their limit; the admin approves; staff record the payments; a second order beyond the credit is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The company's admin, and a colleague who joins by the invitation's link.
  const admin = await registerCustomer(page, 'Dana Admin');
  const made = await page.request.post('/api/company', {
    data: {
      name: 'Ledger Works Ltd',
      taxId: 'GB987654321',
      billingAddress: 'Accounts\n1 Ledger Lane',
    },
  });
  expect(made.status()).toBe(201);
  const company = (await made.json()) as Company;
  const buyerPage = await (await browser.newContext()).newPage();
  const buyer = await registerCustomer(buyerPage, 'Lee Buyer');
  expect(
    (
      await page.request.post('/api/company/invitations', {
        data: { email: buyer.email, role: 'buyer' },
      })
    ).status(),
  ).toBe(201);
  const staff = await signedInAdmin(browser);
  const link = linkIn(
    await openMail(staff, buyer.email, /invites you to Ledger Works Ltd/),
    '/dashboard/updateProfile?join=',
  );
  const token = new URL(link).searchParams.get('join');
  expect((await buyerPage.request.post('/api/company/join', { data: { token } })).status()).toBe(
    200,
  );

  // Staff grant net 30 with a credit limit that covers one order of the journey's tool.
  const tool = await cheapTool(staff, {
    prefix: 'ACC',
    name: 'Account Fuse',
    price: 20,
    minOrderQuantity: 2,
  });
  await buyerPage.request.post('/api/cart/lines', {
    data: { lines: [{ toolId: tool._id, quantity: 2 }] },
  });
  const firstTotal = ((await (await buyerPage.request.get('/api/cart')).json()) as Cart).total;
  const limit = Math.ceil(firstTotal) + 10;
  await staff.goto('/dashboard/companies');
  await hydrated(staff);
  await staff.getByRole('link', { name: 'Ledger Works Ltd' }).click();
  await expect(staff.getByRole('heading', { name: /Ledger Works Ltd/ })).toBeVisible();
  const terms = staff.getByRole('form', { name: 'Payment terms' });
  await terms.getByLabel('Terms').selectOption('30');
  await terms.getByLabel('Credit limit ($)').fill(String(limit));
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(staff.getByText(creditMessages.termsSaved).first()).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  // The company's admin sets the colleague a limit of $10 an order.
  await page.goto('/dashboard/updateProfile');
  await hydrated(page);
  const limits = page.getByRole('form', { name: 'Limits of Lee Buyer' });
  await limits.getByLabel('Per order ($)').fill('10');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText(approvalMessages.limitsSaved).first()).toBeVisible();

  // The colleague keeps a second address of their own and checks out to it, on invoice: over
  // the limit, so it goes to the approvers.
  expect(
    (
      await buyerPage.request.post('/api/addresses', {
        data: {
          label: 'Plant 2',
          recipient: 'Goods In',
          address: '9 Dock Road\nDayton, OH 45402',
          phone: '+1 555 010 3030',
        },
      })
    ).status(),
  ).toBe(201);
  await buyerPage.goto('/cart');
  await hydrated(buyerPage);
  await buyerPage.getByLabel('Deliver to').selectOption({ label: 'Plant 2: Goods In' });
  await buyerPage.getByLabel('PO number (optional)').fill('PO-LW-77');
  await expect(buyerPage.getByRole('radio', { name: /Pay on invoice/ })).toBeChecked();
  await expect(buyerPage.getByText(/Net 30: \$[\d,.]+ of credit available/)).toBeVisible();
  expect(await seriousViolations(buyerPage)).toEqual([]);
  await buyerPage.getByRole('button', { name: 'Checkout' }).click();
  await expect(
    buyerPage.getByRole('status').filter({ hasText: 'sent to your company' }),
  ).toBeVisible();

  // The approval mail reaches the admin, who approves on the profile page.
  await openMail(staff, admin.email, /Lee Buyer asks you to approve an order/);
  await page.reload();
  await hydrated(page);
  const requests = page.getByRole('list', { name: 'Requests for approval' });
  await expect(requests).toContainText('Over your order limit of $10.00');
  expect(await seriousViolations(page)).toEqual([]);
  await requests.getByRole('button', { name: 'Approve and place the order' }).click();
  await expect(page.getByText(approvalMessages.approved).first()).toBeVisible();
  await expect(requests).toContainText('Approved');
  const approvals = (await (
    await buyerPage.request.get('/api/company/approvals')
  ).json()) as Approval[];
  const orderId = approvals[0]!.order!.id;
  await buyerPage.goto(`/dashboard/payment/${orderId}`);
  await hydrated(buyerPage);
  await expect(
    buyerPage.getByText(/Placed on account: invoice INV-\d{4}-\d+ is due on/),
  ).toBeVisible();
  const order = (await (await buyerPage.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order).toMatchObject({
    status: 'on_account',
    poNumber: 'PO-LW-77',
    company: 'Ledger Works Ltd',
  });
  const invoice = order.invoice!.number;

  // The invoice: PO number, due date, and both addresses.
  const pdf = pdfText(
    Buffer.from(await (await buyerPage.request.get(`/api/order/${orderId}/invoice.pdf`)).body()),
  );
  expect(pdf).toContain('PO-LW-77');
  expect(pdf).toContain('Due date');
  expect(pdf).toContain('1 Ledger Lane');
  expect(pdf).toContain('9 Dock Road');

  // Staff record a partial payment, then the rest: the credit is back.
  await staff.goto(`/dashboard/companies?company=${company.id}`);
  await hydrated(staff);
  await expect(staff.getByRole('list', { name: 'Invoices on account' })).toContainText(invoice);
  await recordPayment(staff, invoice, '10');
  await expect(staff.getByRole('list', { name: 'Invoices on account' })).toContainText(
    'Payment of $10.00 received',
  );
  await recordPayment(staff, invoice, (order.total - 10).toFixed(2));
  await expect(staff.getByRole('list', { name: 'Invoices on account' })).toContainText('Paid');
  const account = (await (
    await staff.request.get(`/api/admin/companies/${company.id}`)
  ).json()) as {
    owed: number;
    available: number;
  };
  expect(account).toMatchObject({ owed: 0, available: limit });

  // Without a limit now, a second order beyond the credit is refused with the figure left.
  const buyerId = approvals[0]!.requestedBy.id;
  expect(
    (
      await page.request.put(`/api/company/members/${buyerId}/limits`, {
        data: { orderLimit: null, monthlyLimit: null },
      })
    ).status(),
  ).toBe(200);
  await buyerPage.request.post('/api/cart/lines', {
    data: { lines: [{ toolId: tool._id, quantity: 20 }] },
  });
  await buyerPage.goto('/cart');
  await hydrated(buyerPage);
  await buyerPage.getByRole('button', { name: 'Checkout' }).click();
  await expect(buyerPage.getByRole('alert')).toContainText(
    `available credit ($${limit.toFixed(2)})`,
  );
});

for (const width of [375, 1280]) {
  test(`staff's Companies page at ${width} px: axe clean, nothing wider than the screen`, async ({
    browser,
  }) => {
    const staff = await signedInAdmin(browser);
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto('/dashboard/companies');
    await hydrated(staff);
    await expect(staff.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    const wide = await staff.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  });
}
