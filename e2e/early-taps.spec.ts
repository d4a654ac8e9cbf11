import { expect, test, type Page } from '@playwright/test';
import { demo, hydrated } from './fixtures';

/*
 * A server-rendered page looks ready before the app has hydrated it; on a slow phone that gap is
 * long. A tap or a form sent in it is held and done once the page has hydrated
 * (src/boot/held-taps.ts): never lost, and answered within 200 ms of hydration ending. The CPU runs 6×
 * slower (a slow phone) and the app's entry is held back until the tap has landed, so the tap
 * certainly comes before hydration. Text typed while a page loads and hydrates (on a throttled
 * network too) stays in its field and is what the app sends.
 */

const ANSWER_WITHIN_MS = 200;

interface Times {
  hydratedAt?: number;
  listViewAt?: number;
  navigatedAt?: number;
  /** When the sign-in form gave way to its spinner: the page's answer to the tap. */
  formGoneAt?: number;
}

/** Slows the CPU, holds the app's entry back, and records when the page hydrates. */
async function slowPhone(page: Page): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.fallback();
  });
  await page.addInitScript(() => {
    const times: Times = {};
    (window as unknown as { earlyTapTimes: Times }).earlyTapTimes = times;
    new MutationObserver(() => {
      if (
        times.hydratedAt === undefined &&
        document.getElementById('root')?.hasAttribute('data-hydrated')
      ) {
        times.hydratedAt = performance.now();
      }
      if (times.listViewAt === undefined && document.documentElement.dataset.toolView === 'list') {
        times.listViewAt = performance.now();
      }
      if (
        times.hydratedAt !== undefined &&
        times.formGoneAt === undefined &&
        location.pathname === '/login' &&
        !document.querySelector('#main form')
      ) {
        times.formGoneAt = performance.now();
      }
    }).observe(document, { attributes: true, childList: true, subtree: true });
    // Chromium's Navigation API: the app's client-side navigation starts here.
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
      'navigate',
      (event) => {
        const to = (event as Event & { destination: { url: string } }).destination.url;
        if (new URL(to).pathname === '/about') times.navigatedAt ??= performance.now();
      },
    );
  });
  return release;
}

const times = (page: Page) =>
  page.evaluate(() => (window as unknown as { earlyTapTimes: Times }).earlyTapTimes);

/** Checks the delay from hydration to the answer, and records it in the report. */
function answeredSoon(
  what: string,
  hydratedAt: number | undefined,
  answeredAt: number | undefined,
) {
  expect(hydratedAt, 'the page hydrated').toBeDefined();
  expect(answeredAt, what).toBeDefined();
  const delay = answeredAt! - hydratedAt!;
  test
    .info()
    .annotations.push({ type: what, description: `${Math.round(delay)} ms after hydration` });
  expect(delay).toBeLessThan(ANSWER_WITHIN_MS);
}

async function notHydrated(page: Page) {
  expect(await page.locator('#root').getAttribute('data-hydrated')).toBeNull();
}

test.describe('a tap before hydration, on a 6× slower CPU', () => {
  // The CPU is slowed relative to the machine running the test, so a slow and unsteady machine
  // makes the device slower still: before the sign-in client was fetched while the page
  // hydrates, the held sign-in was answered in 202–243 ms there against 49–85 ms on a quick one
  // (36–53 ms since; docs/decisions/019-slow-phones.md, "Consequences"). One more try in CI
  // than the suite's one; each try still has to answer within the time.
  test.describe.configure({ retries: process.env.CI ? 2 : 0 });

  test('a button tapped before hydration acts once the page has hydrated', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/tools', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await notHydrated(page);
    release();

    await hydrated(page);
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const { hydratedAt, listViewAt } = await times(page);
    answeredSoon('list view shown', hydratedAt, listViewAt);
  });

  test('a choice made in a drop-down before hydration is acted on', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/tools', { waitUntil: 'commit' });
    await page.getByLabel('Sort by').selectOption('price_asc');
    await notHydrated(page);
    release();

    await hydrated(page);
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  });

  test('a link tapped before hydration opens its page in the app', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/', { waitUntil: 'commit' });
    // Marks this document: a full page load would start a new one without it.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'About Us', exact: true }).first().click();
    await notHydrated(page);
    await expect(page).toHaveURL(/\/$/);
    release();

    await hydrated(page);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    const { hydratedAt, navigatedAt } = await times(page);
    answeredSoon('navigation started', hydratedAt, navigatedAt);
  });

  test('a link tapped before hydration is followed when the app cannot load', async ({ page }) => {
    const release = await slowPhone(page);
    // The entry arrives, React DOM (loaded by the entry, in a task of its own) does not.
    await page.route('**/assets/client-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'About Us', exact: true }).first().click();
    await notHydrated(page);
    await expect(page).toHaveURL(/\/$/);
    release();

    // Followed as a plain link: the server's /about, never hydrated.
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a sign-in form filled and sent before hydration signs in', async ({ page }) => {
    const release = await slowPhone(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(demo.customer.email);
    await page.getByLabel('Password').fill(demo.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notHydrated(page);
    // Not sent natively: the password never goes into the address.
    expect(page.url()).not.toContain('password');
    release();

    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const { hydratedAt, formGoneAt } = await times(page);
    answeredSoon('form replaced by its spinner', hydratedAt, formGoneAt);
    const sentAt = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/api/auth/sign-in/email'))?.startTime,
    );
    test.info().annotations.push({
      type: 'sign-in sent',
      description: `${Math.round(sentAt! - hydratedAt!)} ms after hydration`,
    });
  });
});

test.describe('text typed while a page loads and hydrates, on a slow network and a 6× slower CPU', () => {
  /** A slow phone on a slow connection: 6× CPU, 400 ms round trips, 100 kB/s down. */
  async function slowPhoneOnSlowNetwork(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 100_000,
      uploadThroughput: 50_000,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  }
  const formOf = (page: Page, button: string) =>
    page.locator('form', { has: page.getByRole('button', { name: button, exact: true }) });
  const address = 'a.buyer.of.many.tools@example-company.com';

  test('is kept on the login page, typed before and while it hydrates', async ({ page }) => {
    await slowPhoneOnSlowNetwork(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = formOf(page, 'Login').getByLabel('Email');
    // Typed from the first paint on, key by key, so the typing runs into hydration.
    await email.pressSequentially(address, { delay: 60 });
    await formOf(page, 'Login').getByLabel('Password').pressSequentially(demo.customer.password);
    await hydrated(page);
    await expect(email).toHaveValue(address);
    // And the app has it too: signing in sends what the field shows.
    await email.fill(demo.customer.email);
    await formOf(page, 'Login').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });

  test('is kept on the login page opened from the header of a page still loading', async ({
    page,
  }) => {
    await slowPhoneOnSlowNetwork(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Login', exact: true }).first().click();
    await page.waitForURL('**/login');
    const email = formOf(page, 'Login').getByLabel('Email');
    await email.pressSequentially(address, { delay: 60 });
    await hydrated(page);
    await expect(email).toHaveValue(address);
    await page.waitForTimeout(1_000);
    await expect(email).toHaveValue(address);
  });

  test('is kept on the register page, in every field', async ({ page }) => {
    await slowPhoneOnSlowNetwork(page);
    await page.goto('/register', { waitUntil: 'commit' });
    const form = formOf(page, 'Register');
    await form.getByLabel('Name').pressSequentially('Ada Buyer', { delay: 60 });
    await form.getByLabel('Email').pressSequentially(address, { delay: 60 });
    await hydrated(page);
    await expect(form.getByLabel('Name')).toHaveValue('Ada Buyer');
    await expect(form.getByLabel('Email')).toHaveValue(address);
  });
});
