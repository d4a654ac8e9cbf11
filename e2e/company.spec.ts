import { expect, test } from '@playwright/test';
import { companyMessages } from '@voltforge/contract/company-rules';
import type { Order } from '@voltforge/contract/order';
import {
  cartOneTool,
  fillAddressForm,
  hydrated,
  linkIn,
  openMail,
  registerCustomer,
  seriousViolations,
  signedInAdmin,
} from './fixtures';

test('a buyer creates a company, invites a colleague by mail, who joins and orders with the PO number it asks for', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerCustomer(page, 'Casey Admin');
  await page.goto('/dashboard/updateProfile');
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Company account' });
  await section.getByLabel('Company name').fill('Acme Controls Ltd');
  await section.getByLabel('Company VAT / tax id').fill('DE123456789');
  await section.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText(companyMessages.created)).toBeVisible();
  await expect(section).toContainText('Your role');
  await section.getByRole('button', { name: 'Change company details' }).click();
  await section.getByLabel('Every order needs a PO number').check();
  await section.getByRole('button', { name: 'Save company' }).click();
  await expect(section).toContainText('Required on every order');
  await expect(section).toContainText('Their own orders');

  // A shared address for everyone in the company.
  const shared = section.getByRole('region', { name: 'Shared addresses' });
  await shared.getByRole('button', { name: 'Add an address' }).click();
  const form = shared.getByRole('form', { name: 'New address' });
  await fillAddressForm(form, {
    label: 'Plant 2',
    recipient: 'Goods In',
    address: '9 Dock Road\nDayton, OH 45402',
    phone: '+1 555 010 3030',
  });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(shared.getByRole('listitem')).toContainText('Plant 2');

  // The colleague registers elsewhere; the invitation's link comes from the outbox.
  const colleaguePage = await (await browser.newContext()).newPage();
  const colleague = await registerCustomer(colleaguePage, 'Robin Buyer');
  await section.getByLabel("Colleague's e-mail").fill(colleague.email);
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(companyMessages.invited(colleague.email))).toBeVisible();
  await expect(section.getByRole('list', { name: 'Open invitations' })).toContainText(
    colleague.email,
  );
  const admin = await signedInAdmin(browser);
  const link = linkIn(
    await openMail(admin, colleague.email, /invites you to Acme Controls Ltd/),
    '/dashboard/updateProfile?join=',
  );

  await colleaguePage.goto(link);
  await hydrated(colleaguePage);
  await colleaguePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(colleaguePage.getByText(companyMessages.joined('Acme Controls Ltd'))).toBeVisible();
  const theirs = colleaguePage.getByRole('region', { name: 'Company account' });
  await expect(theirs.getByRole('list', { name: 'Members' })).toContainText('Casey Admin');
  expect(await seriousViolations(colleaguePage)).toEqual([]);

  // At checkout the PO number is asked for, and the order is made out to the company.
  await cartOneTool(colleaguePage);
  await colleaguePage.goto('/cart');
  await hydrated(colleaguePage);
  await expect(colleaguePage.getByLabel('Company (optional)')).toHaveValue('Acme Controls Ltd');
  // The company's address is offered (the colleague has none of their own): it is chosen first.
  await expect(colleaguePage.getByLabel('Deliver to')).toHaveValue(/.+/);
  await expect(colleaguePage.getByLabel('Address', { exact: true })).toHaveValue(
    'Goods In\n9 Dock Road\nDayton, OH 45402',
  );
  await colleaguePage.getByRole('button', { name: 'Checkout' }).click();
  await expect(colleaguePage.getByText(companyMessages.poRequired).first()).toBeVisible();
  await colleaguePage.getByLabel('PO number').fill('PO-ACME-1');
  await colleaguePage.getByRole('button', { name: 'Checkout' }).click();
  await expect(colleaguePage).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = colleaguePage.url().split('/').at(-1)!;
  const order = (await (await colleaguePage.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order).toMatchObject({
    company: 'Acme Controls Ltd',
    taxId: 'DE123456789',
    poNumber: 'PO-ACME-1',
    address: 'Goods In\n9 Dock Road\nDayton, OH 45402',
    phone: '+1 555 010 3030',
  });

  // The company's admin sees it among the company's orders, with who placed it.
  await page.reload();
  await hydrated(page);
  const orders = section.getByRole('list', { name: "The company's orders" });
  await expect(orders).toContainText(order.number);
  await expect(orders).toContainText('Robin Buyer');
  await expect(orders).toContainText('PO PO-ACME-1');
});

for (const width of [375, 1280]) {
  test(`the company account at ${width} px: axe clean, nothing wider than the screen`, async ({
    page,
  }) => {
    await registerCustomer(page, 'Wide Narrow');
    await page.setViewportSize({ width, height: 900 });
    const made = await page.request.post('/api/company', {
      data: { name: 'Narrow Wide Ltd', taxId: 'GB123456789' },
    });
    expect(made.status()).toBe(201);
    await page.goto('/dashboard/updateProfile');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Company account' });
    await expect(section.getByRole('list', { name: 'Members' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  });
}
