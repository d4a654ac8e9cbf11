import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminMessages, toolFieldMessages } from '@voltforge/contract/admin';
import {
  registerCustomer,
  seriousViolations,
  signIn,
  signedInAdmin,
  usersMatching,
} from './fixtures';

/** A second person at their own browser: own cookies, own session. */
async function newPerson(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function toast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** Fills every Add Products field but the category and the photo. */
async function fillTool(admin: Page, name: string) {
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Part number').fill(`AS-${randomUUID().slice(0, 8)}`);
  await admin.getByLabel('Available quantity').fill('12');
  await admin.getByLabel('Minimum order quantity').fill('1');
  await admin.getByLabel('Price (USD per unit)').fill('19.90');
  await admin.getByLabel('Description').fill('A tool added by the admin safety journey.');
}

test('Add Products: a category that differs only by case is offered as the existing one', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  await admin.goto('/dashboard/addTool');
  await fillTool(admin, `VF-E2E Nut Driver ${randomUUID().slice(0, 6)}`);
  await admin.getByLabel('Photo URL').fill('/images/tools/vf-ws12-wire-stripper.svg');
  await admin.getByLabel('Category').selectOption('New category…');
  await admin.getByLabel('New category name').fill('hand tools');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await expect(admin.getByText(toolFieldMessages.categoryClash('Hand Tools'))).toBeVisible();
  expect(await seriousViolations(admin), 'Add Products with the category offer').toEqual([]);

  // The server refuses it too, whatever the browser let through.
  const direct = await admin.request.post('/api/tool', {
    data: {
      partNumber: `AS-${randomUUID().slice(0, 8)}`,
      name: 'Direct Nut Driver',
      inStock: 1,
      minOrderQuantity: 1,
      price: 5,
      desc: 'Sent straight to the API.',
      img: '/images/tools/vf-ws12-wire-stripper.svg',
      category: 'HAND  TOOLS',
    },
  });
  expect(direct.status()).toBe(409);
  expect(
    ((await direct.json()) as { error: { fields: Record<string, string> } }).error.fields,
  ).toEqual({ category: toolFieldMessages.categoryClash('Hand Tools') });

  await admin.getByRole('button', { name: 'Use “Hand Tools”' }).click();
  await expect(admin.getByLabel('Category')).toHaveValue('Hand Tools');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await toast(admin, adminMessages.toolAdded);
  const categories = (await (await admin.request.get('/api/tool/categories')).json()) as {
    category: string;
  }[];
  expect(categories.filter((c) => c.category.toLowerCase() === 'hand tools')).toHaveLength(1);
});

test('Add Products: a photo address that does not load is refused with a clear message', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  await admin.goto('/dashboard/addTool');
  const name = `VF-E2E Blank Card ${randomUUID().slice(0, 6)}`;
  await fillTool(admin, name);
  await admin.getByLabel('Category').selectOption('Hand Tools');
  // A site address with no picture behind it: the browser gets a 404.
  await admin.getByLabel('Photo URL').fill('/images/tools/no-such-picture.png');
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await expect(admin.getByText(toolFieldMessages.imgUnreachable).first()).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Preview of the photo' })).toHaveCount(0);
  const search = await admin.request.get(`/api/admin/tools?search=${encodeURIComponent(name)}`);
  expect(await search.json()).toEqual([]);

  await admin.getByLabel('Photo URL').fill('/images/tools/vf-ws12-wire-stripper.svg');
  await expect(admin.getByRole('img', { name: 'Preview of the photo' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add Tool' }).click();
  await toast(admin, adminMessages.toolAdded);
});

test('All User: Make Admin asks first, and Remove admin undoes it', async ({ browser }) => {
  const customer = await newPerson(browser);
  const who = await registerCustomer(customer, 'Casey Careful');

  const admin = await signedInAdmin(browser);
  await admin.goto('/dashboard/users');
  await admin.getByLabel('Search by name or email').fill(who.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: who.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Not verified');

  await row.getByRole('button', { name: /^Make Admin/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toContainText(`Make ${who.email} an admin?`);
  expect(await seriousViolations(admin), 'the Make Admin dialog').toEqual([]);
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await customer.request.get('/api/orders')).status()).toBe(403);

  await row.getByRole('button', { name: /^Make Admin/ }).click();
  await dialog.getByRole('button', { name: 'Make Admin', exact: true }).click();
  await toast(admin, adminMessages.madeAdmin);
  await expect(row.getByRole('button', { name: 'Already Admin' })).toBeDisabled();
  expect((await customer.request.get('/api/orders')).status()).toBe(200);

  await row.getByRole('button', { name: /^Remove admin/ }).click();
  await dialog.getByRole('button', { name: 'Remove admin', exact: true }).click();
  await toast(admin, adminMessages.adminRemoved);
  await expect(row.getByRole('button', { name: /^Make Admin/ })).toBeEnabled();
  expect((await customer.request.get('/api/orders')).status()).toBe(403);
});

test('All User: a ban signs the user out everywhere, and Unban lets them sign in again', async ({
  browser,
}) => {
  const laptop = await newPerson(browser);
  const who = await registerCustomer(laptop, 'Bailey Barred');
  // The same person signed in on a second device.
  const phone = await newPerson(browser);
  await signIn(phone, who);
  await phone.goto('/dashboard');
  await expect(phone.getByRole('heading', { name: 'Welcome To Dashboard' })).toBeVisible();

  const admin = await signedInAdmin(browser);
  await admin.goto(usersMatching(who.email));
  const row = admin.getByRole('row').filter({ hasText: who.email });
  await row.getByRole('button', { name: /^Ban/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toContainText('signed out everywhere');
  await dialog.getByLabel('Reason').fill('Card chargebacks on three orders');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await toast(admin, adminMessages.userBanned);
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();
  await expect(row.getByTestId('ban-reason')).toContainText(
    'by Demo Admin: Card chargebacks on three orders',
  );

  for (const device of [laptop, phone]) {
    expect((await device.request.get('/api/profile')).status()).toBe(401);
    await device.goto('/dashboard');
    await expect(device).toHaveURL(/\/login$/);
  }
  await phone.getByLabel('Email').fill(who.email);
  await phone.getByLabel('Password').fill(who.password);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone.getByText('This account has been disabled.')).toBeVisible();

  await row.getByRole('button', { name: /^Unban/ }).click();
  await dialog.getByRole('button', { name: 'Unban', exact: true }).click();
  await toast(admin, adminMessages.userUnbanned);
  await expect(row.getByText('Banned', { exact: true })).toHaveCount(0);
  await signIn(phone, who);
  expect(await seriousViolations(admin), 'All User').toEqual([]);
});
