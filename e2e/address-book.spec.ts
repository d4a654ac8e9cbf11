import { expect, test } from '@playwright/test';
import { addressBookMessages } from '@voltforge/contract/address-book-rules';
import type { Order } from '@voltforge/contract/order';
import {
  cartOneTool,
  fillAddressForm,
  hydrated,
  registerCustomer,
  seriousViolations,
} from './fixtures';

test('a buyer keeps two addresses on their profile and checks out to the one chosen', async ({
  page,
}) => {
  await registerCustomer(page, 'Morgan Buyer');
  await page.goto('/dashboard/updateProfile');
  await hydrated(page);
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book).toContainText('No saved addresses yet.');

  // The first address; then a second, made the default.
  await book.getByRole('button', { name: 'Add an address' }).click();
  let form = book.getByRole('form', { name: 'New address' });
  await fillAddressForm(form, {
    label: 'Main plant',
    recipient: 'Goods In',
    address: '12 Foundry Way\nSpringfield, IL 62701',
    phone: '+1 555 010 1111',
  });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(addressBookMessages.saved)).toBeVisible();
  await book.getByRole('button', { name: 'Add an address' }).click();
  form = book.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText(addressBookMessages.label)).toBeVisible();
  await fillAddressForm(form, {
    label: 'Test lab',
    recipient: 'Dr Morgan',
    address: '3 Bench Street\nUnit 4, Dayton',
    phone: '+1 555 010 2222',
  });
  await form.getByLabel('Make this my default address').check();
  await form.getByRole('button', { name: 'Save address' }).click();
  const saved = book.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(2);
  await expect(saved.first()).toContainText('Test lab');
  await expect(saved.first()).toContainText('Default');
  expect(await seriousViolations(page)).toEqual([]);

  // Checkout starts from the default; the buyer picks the plant instead.
  await cartOneTool(page);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
    'Dr Morgan\n3 Bench Street\nUnit 4, Dayton',
  );
  await page.getByLabel('Deliver to').selectOption({ label: 'Main plant: Goods In' });
  await expect(page.getByLabel('Phone')).toHaveValue('+1 555 010 1111');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1)!;
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order.address).toBe('Goods In\n12 Foundry Way\nSpringfield, IL 62701');
  expect(order.phone).toBe('+1 555 010 1111');

  // Changing the book later leaves the order as it was placed.
  await page.goto('/dashboard/updateProfile');
  await hydrated(page);
  await book.getByRole('button', { name: 'Change Main plant' }).click();
  form = book.getByRole('form', { name: 'Change “Main plant”' });
  await form.getByLabel('Address', { exact: true }).fill('99 Elsewhere Road');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(saved.filter({ hasText: 'Main plant' })).toContainText('99 Elsewhere Road');
  const again = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(again.address).toBe(order.address);

  // Removing asks first.
  await book.getByRole('button', { name: 'Remove Main plant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(addressBookMessages.removed)).toBeVisible();
  await expect(saved).toHaveCount(1);
});

for (const width of [375, 1280]) {
  test(`the address book at ${width} px: axe clean, nothing wider than the screen`, async ({
    page,
  }) => {
    await registerCustomer(page, 'Wide Narrow');
    await page.setViewportSize({ width, height: 900 });
    const res = await page.request.post('/api/addresses', {
      data: {
        label: 'Main plant',
        recipient: 'Goods In',
        address: '12 Foundry Way\nSpringfield, IL 62701',
        phone: '+1 555 010 1111',
      },
    });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard/updateProfile');
    await hydrated(page);
    const book = page.getByRole('region', { name: 'Address book' });
    await expect(book.getByRole('listitem')).toHaveCount(1);
    await book.getByRole('button', { name: 'Add an address' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  });
}
