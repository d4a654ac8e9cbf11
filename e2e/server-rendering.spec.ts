import { expect, test, type Page } from '@playwright/test';
import { cartOneTool, demo, placeOrder, registerCustomer, signIn } from './fixtures';

/*
 * Public pages arrive rendered (docs/decisions/007-server-rendering.md): readable before any
 * script runs, and hydrated by the app without React finding the HTML different from its own
 * first render, which would throw the server's HTML away and log an error.
 */

/** Every console error and uncaught error of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function firstToolPath(page: Page): Promise<string> {
  const res = await page.request.get('/api/tool?limit=1');
  const [tool] = (await res.json()) as { _id: string }[];
  if (!tool) throw new Error('the demo catalogue is empty');
  return `/tool/${tool._id}`;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue shows its tools, prices and links', async ({ page }) => {
    await page.goto('/tools');
    await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(cards.first().getByText(/^\$\d[\d,]*\.\d\d$/)).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /^Purchase / })).toHaveAttribute(
      'href',
      /^\/tool\//,
    );
  });

  test('the home page shows its banner, newest tools and reviews', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'See every signal, measure every volt' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Purchase / }).first()).toBeVisible();
  });

  test("the banner's picture is loaded at the width the screen needs", async ({ page }) => {
    // The picture the browser chose from the slide's `srcset`, once it has loaded it.
    const chosen = async (p: Page) => {
      const slide = p.getByRole('img', { name: /^A Voltforge oscilloscope/ });
      await expect(slide).toBeVisible();
      await expect
        .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      return slide.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    };
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    expect(await chosen(page)).toMatch(/^\/images\/banner\/slide-1-[a-z-]+-800\.webp$/);

    // A page of its own at desktop width, so the phone's picture is not reused from memory.
    const desktop = await page.context().newPage();
    await desktop.setViewportSize({ width: 1280, height: 800 });
    await desktop.goto('/');
    expect(await chosen(desktop)).toMatch(/^\/images\/banner\/slide-1-[a-z-]+[a-z]\.webp$/);
    await desktop.close();
  });

  test('about and login show their content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});

/**
 * Opens `path` with the app's code held back until the server's page has been checked (it shows
 * `expectText`, or anything), marks the server's main element, lets the app hydrate, and checks
 * React kept that element (had it discarded the server's HTML, the new one would lack the mark).
 * Returns the page's errors from then on.
 */
async function openRendered(
  page: Page,
  path: string,
  expectText?: string | RegExp,
  /** Runs while the app's code is held back: what it sees is the server's HTML. */
  beforeApp?: () => Promise<void>,
) {
  const errors = collectErrors(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto(path, { waitUntil: 'commit' });
  const main = page.locator('main#main');
  if (expectText === undefined) await expect(main).not.toBeEmpty();
  else await expect(main).toContainText(expectText);
  await main.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
  await beforeApp?.();
  release();
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main#main')).toHaveAttribute('data-from-server', 'yes');
  await page.unroute('**/assets/index-*.js');
  return errors;
}

test.describe('hydration', () => {
  const pages = ['/', '/tools', '/tools?sort=price_desc&page=2', '/about', '/login', '/register'];

  for (const path of pages) {
    test(`${path} keeps the server's HTML and logs no error`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      const errors = await openRendered(page, path);
      // Hydrated: the app's handlers are attached (the menu button now opens the drawer).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeVisible();
      await expect(page.locator('main#main')).toHaveAttribute('data-from-server', 'yes');
      expect(errors).toEqual([]);
    });
  }

  test('a tool page, signed in, arrives with the order form and hydrates', async ({ page }) => {
    await signIn(page, demo.customer);
    const path = await firstToolPath(page);
    // The order form is in the server's HTML, rendered for the customer, before the app runs.
    const errors = await openRendered(page, path, 'Confirm Orders');
    await expect(page.getByRole('heading', { name: 'Place To Orders' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demo.customer.email);
    expect(errors).toEqual([]);
  });

  test("the home page and the catalogue, signed in, arrive with the customer's navbar and hydrate", async ({
    page,
  }) => {
    await signIn(page, demo.customer);
    for (const path of ['/', '/tools?sort=price_desc&page=2']) {
      const errors = await openRendered(page, path, undefined, async () => {
        // Signed in from the first paint: no visitor's navbar swapped for theirs after hydrating.
        await expect(page.getByRole('button', { name: 'Log Out' }).first()).toBeAttached();
        await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      });
      await expect(page.getByRole('button', { name: 'Log Out' }).first()).toBeAttached();
      expect(errors).toEqual([]);
    }
  });
});

/*
 * The first pages of a signed-in customer or admin arrive rendered for them (decision 019), and
 * hydrate as public pages do: without React finding its first render different. The browser is
 * in New York: the server renders times in UTC, and the page shows the reader's own once hydrated.
 */
test.describe('signed-in pages, rendered for their reader', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("a customer's orders, payment page and cart hydrate without an error", async ({ page }) => {
    await registerCustomer(page, 'Rita Rendered');
    const { order, tool } = await placeOrder(page);

    const errors = await openRendered(page, '/dashboard/myOrder', 'My Orders (1)');
    // Once hydrated, the order's time is the reader's (New York), not the server's UTC.
    const localTime = new Intl.DateTimeFormat('en-US', {
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(new Date(order.createdAt));
    await expect(page.getByRole('row', { name: new RegExp(tool.name) })).toContainText(localTime);
    // It works: the delete button asks before cancelling.
    await page.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByRole('dialog')).toContainText('are you sure wants to delete');
    await page.getByRole('button', { name: 'Cancel' }).click();

    errors.push(...(await openRendered(page, `/dashboard/payment/${order._id}`, tool.name)));
    errors.push(...(await openRendered(page, '/dashboard', 'My Orders (1)')));
    errors.push(...(await openRendered(page, '/cart', 'Your cart is empty')));
    expect(errors).toEqual([]);
  });

  test("a buyer's cart arrives with checkout filled from the default saved address", async ({
    page,
  }) => {
    await registerCustomer(page, 'Carla Cart');
    const saved = await page.request.post('/api/addresses', {
      data: {
        label: 'Bench',
        recipient: 'Carla Cart',
        address: '7 Rendered Row\nAkron, OH 44308',
        phone: '+1 555 010 7070',
        isDefault: true,
      },
    });
    expect(saved.status()).toBe(201);
    await cartOneTool(page);
    const errors = await openRendered(page, '/cart', 'Subtotal', async () => {
      // Before the app's code runs, the server's HTML has checkout's form, not a spinner: the
      // page was rendered with the address book as well as the cart.
      await expect(page.getByRole('button', { name: 'Checkout' })).toBeAttached();
      await expect(page.getByLabel('Deliver to')).toBeAttached();
      await expect(page.getByText('Loading your delivery details')).toHaveCount(0);
    });
    // The form it hydrates into starts from the default address.
    await expect(page.getByLabel('Phone')).toHaveValue('+1 555 010 7070');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
      'Carla Cart\n7 Rendered Row\nAkron, OH 44308',
    );
    expect(errors).toEqual([]);
  });

  test("a dashboard page is styled by the whole shop's stylesheet alone, before and after the app runs", async ({
    page,
  }) => {
    await registerCustomer(page, 'Sheila Sheet');
    const errors = await openRendered(page, '/dashboard', 'My Orders (0)');
    // The app's code has run, and the dashboard's home has loaded My Orders' code, which depends
    // on the entry and so on its stylesheet: the visitor's sheet, which the whole shop's contains,
    // was never fetched, so the page was not restyled after its first paint.
    const sheets = await page.evaluate(() => ({
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.css')),
      applied: Array.from(document.styleSheets as ArrayLike<CSSStyleSheet>)
        .filter((sheet) => !sheet.disabled)
        .flatMap((sheet) => (sheet.href ? [new URL(sheet.href).pathname] : [])),
    }));
    expect(sheets.fetched).toEqual([expect.stringMatching(/^\/assets\/dashboard-layout-.*\.css$/)]);
    expect(sheets.applied).toEqual(sheets.fetched);
    expect(errors).toEqual([]);
  });

  test("the admin's overview hydrates without an error", async ({ page }) => {
    await signIn(page, demo.admin);
    const errors = await openRendered(page, '/dashboard', 'Last 30 days');
    expect(errors).toEqual([]);
  });
});
