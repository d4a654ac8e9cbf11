import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Tool } from '@voltforge/contract/tool';
import { chargesFor, demo, hydrated, linkIn, openMail, registerCustomer, signIn } from './fixtures';

/*
 * The embedded default has no SMTP server: every mail is kept in the outbox, and an admin reads
 * it on the Mail page. These journeys read the links they need from there, as a developer would.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A signed-in admin in a browser context of its own, beside the customer's. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, demo.admin);
  return page;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

test('forgot password: the mail on the Mail page resets it and signs in; other sessions end; the old password is refused', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page, 'Rita Reset');
  // The same account signed in on another device: the reset ends that session.
  const otherDevice = await (await browser.newContext()).newPage();
  await signIn(otherDevice, customer);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // Hydrated first: this step is about the mail, not about a form sent before hydration.
  await hydrated(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${customer.email}`);

  const admin = await adminPage(browser);
  const mail = await openMail(admin, customer.email, /Reset your Voltforge password/);
  const link = linkIn(mail, '/reset-password?token=');

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await page.getByLabel('New password again').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Save the new password' }).click();

  // Signed in at once, on the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert').filter({ hasText: 'you are signed in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();

  await otherDevice.reload();
  await expect(otherDevice.getByRole('link', { name: 'Login' })).toBeVisible();

  // The link works once.
  await logOut(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-3');
  await page.getByLabel('New password again').fill('another-pass-3');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await signIn(page, { email: customer.email, password: 'brand-new-pass-2' });
  await logOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
});

test('register: the confirmation link verifies the address and My Profile shows it', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page, 'Vera Verify');
  await page.goto('/dashboard/updateProfile');
  await expect(page.getByText('Not verified')).toBeVisible();

  const admin = await adminPage(browser);
  const mail = await openMail(admin, customer.email, /Confirm your email address/);
  await page.goto(linkIn(mail, '/api/auth/verify-email?token='));

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('status')).toContainText('Your email address is confirmed');
  await page.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
});

test('placing an order writes the order mail with the right total', async ({ page, browser }) => {
  const customer = await registerCustomer(page, 'Otto Order');
  const tools = (await (await page.request.get('/api/tool?pageSize=100')).json()) as Tool[];
  // One price for min + 1 pieces, so the mail's total is price × quantity.
  const tool = tools.find(
    (t) =>
      t.inStock >= t.minOrderQuantity + 1 &&
      t.orderMultiple === 1 &&
      t.priceBreaks.every((b) => b.quantity > t.minOrderQuantity + 1),
  );
  if (!tool) throw new Error('no tool in stock');
  const quantity = tool.minOrderQuantity + 1;

  await page.goto(`/tool/${tool._id}`);
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('7 Relay Lane, Portland');
  await page.getByRole('button', { name: 'Confirm Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);

  // The goods, and the total charged: shipping (unless the goods are over the threshold) and tax.
  const goods = usd.format(tool.price * quantity);
  const charged = await chargesFor(page.request, tool.price * quantity);
  const total = usd.format(charged.totalCents / 100);
  const admin = await adminPage(browser);
  const mail = await openMail(
    admin,
    customer.email,
    new RegExp(`${total.replace('$', '\\$')} to pay`),
  );
  expect(mail).toContain(`Item: ${tool.name}`);
  expect(mail).toContain(`Quantity: ${quantity}`);
  expect(mail).toContain(`Goods: ${goods}`);
  expect(mail).toContain(
    `Shipping: ${charged.shippingCents === 0 ? 'Free' : usd.format(charged.shippingCents / 100)}`,
  );
  expect(mail).toContain(`Total: ${total}`);
  expect(mail).toMatch(/\/dashboard\/payment\/[0-9a-f-]{36}/);
});
