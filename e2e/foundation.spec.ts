import { expect, test } from '@playwright/test';
import { demo, registerCustomer, signIn, uniqueEmail } from './fixtures';

test.describe('sign-in, guards and the app shell', () => {
  test('register → log out → log in → dashboard', async ({ page }) => {
    const who = await registerCustomer(page, 'Robin Castellano');
    // Registration sets the display name, shown in the navbar, and lands on the home page.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByText('Robin Castellano').first()).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await signIn(page, who);
    await expect(page).toHaveURL('/');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Welcome To Dashboard' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    for (const item of ['Dashboard', 'My Order', 'Add Review', 'My Profile']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeAttached();
    }
    await expect(menu.getByRole('link', { name: 'All User' })).toHaveCount(0);
  });

  test('a guarded URL while signed out goes to /login, then back there after sign-in', async ({
    page,
  }) => {
    await page.goto('/dashboard/addReview');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email').fill(demo.customer.email);
    await page.getByLabel('Password').fill(demo.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/addReview');
    // The login page was replaced in history: Back does not return to it.
    await page.goBack();
    await expect(page).not.toHaveURL('/login');
  });

  test('the admin menu shows only to an admin; a customer on an admin page is sent home', async ({
    page,
  }) => {
    await signIn(page, demo.admin);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    for (const item of [
      'All User',
      'Add Tools',
      'Manage Products',
      'Manage Orders',
      'Manage Reviews',
    ]) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeAttached();
    }
    await page.getByRole('button', { name: 'Log Out' }).click();
    // Wait for the sign-out to land, as the journeys above do: navigating away while it is in
    // flight could let its cookie-clearing answer arrive after the customer's sign-in.
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

    await signIn(page, demo.customer);
    await page.goto('/dashboard/users');
    // Spec section 6: a non-admin on an admin page is signed out and sent to /.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });

  test('an unknown URL shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });

  test('login shows each validation message on submit, and the server’s errors in red', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('password is required')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await expect(page.getByText('password must be 6 characters or longer')).toBeVisible();

    await page.getByLabel('Email').fill(demo.customer.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('register shows each validation message, and a taken email clearly', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('password is required')).toBeVisible();

    await page.getByLabel('Name').fill('Sam Taken');
    await page.getByLabel('Email').fill(demo.customer.email);
    await page.getByLabel('Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();

    // Addresses the original pattern wrongly refused are accepted.
    await page.getByLabel('Email').fill(uniqueEmail('john.doe').replace('.com', '.info'));
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
