import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, hydrated, uniqueEmail } from './fixtures';

/** Every page a visitor sees; each must render its content and pass axe. */
const visitorPages = [
  { path: '/', title: 'Voltforge', ready: 'What our customers say' },
  { path: '/tools', title: 'Tools | Voltforge', ready: 'Tools' },
  { path: '/catagories', title: 'Categories | Voltforge', ready: 'Categories' },
  { path: '/about', title: 'About Us | Voltforge', ready: 'About Us' },
  { path: '/portfolio', title: 'Portfolio | Voltforge', ready: 'Career objective' },
  { path: '/blog', title: 'Blog | Voltforge', ready: 'Blog' },
  { path: '/itSupport', title: 'Our Support Section | Voltforge', ready: 'Contact support' },
  { path: '/design', title: 'Design and Development | Voltforge', ready: 'Start a project' },
  { path: '/summary', title: 'Summary | Voltforge', ready: 'By category' },
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The text of the slide that is showing; the others are hidden from everyone. */
function currentSlideTitle(page: Page) {
  return page.getByRole('region', { name: 'Featured tools' }).getByRole('heading', { level: 2 });
}

test.describe('visitor pages', () => {
  for (const p of visitorPages) {
    test(`${p.path} renders, has its own title and description, and passes axe`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { name: p.ready, exact: true }).first()).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      expect(await seriousViolations(page), 'at 375 px').toEqual([]);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await expect(page.getByRole('heading', { name: p.ready, exact: true }).first()).toBeVisible();
      // Data-driven sections must have arrived before axe looks at them.
      await expect(page.locator('.loading')).toHaveCount(0);
      await expect(page).toHaveTitle(p.title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('visitor pages load no admin, dashboard or payment code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const p of visitorPages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { name: p.ready, exact: true }).first()).toBeVisible();
    }
    expect(scripts.length).toBeGreaterThan(5);
    expect(
      scripts.filter((s) =>
        /admin|dashboard|payment|stripe|manage-|users-page|order-page/i.test(s),
      ),
    ).toEqual([]);
  });
});

test.describe('home', () => {
  test('shows the home sections in their order', async ({ page }) => {
    await page.goto('/');
    const headings = page.locator('main h2');
    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
    const order = await headings.allTextContents();
    const positions = [
      'Our promises',
      'Tools',
      'From the drawing board to your bench, and beyond',
      'What our customers say',
      'Stay in the loop',
      'Our community',
    ].map((h) => order.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await expect(page.getByText('On orders over $75.00', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: '100% Payment Secure' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Support 24/7' })).toBeVisible();
    await expect(page.getByText('2352K')).toHaveCount(2);
    await expect(page.getByText('23K', { exact: true })).toBeVisible();

    const tools = page.getByRole('list', { name: /Latest \d+ tools/ }).getByRole('article');
    await expect(tools).toHaveCount(6);
    const firstTool = tools.first();
    await expect(firstTool.getByText('Minimum Order Quantity')).toBeVisible();
    await expect(firstTool.getByText('Available Quantity')).toBeVisible();
    await expect(firstTool.getByText('NEW', { exact: true })).toBeVisible();
    await expect(firstTool.getByRole('img')).toHaveAttribute('alt', /.+/);
    await expect(firstTool.getByRole('img')).toHaveAttribute('width', '800');

    const reviews = page.getByRole('list', { name: 'Customer reviews' }).getByRole('listitem');
    await expect(reviews).toHaveCount(6);
    await expect(page.getByRole('img', { name: /^Rated [1-5] out of 5$/ }).first()).toBeVisible();
    // A review without a photo shows the reviewer's initials instead.
    await expect(
      reviews.filter({ hasText: 'Priya Raman' }).getByText('PR', { exact: true }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('carousel arrows wrap both ways by mouse, without moving the page', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured tools' });
    const slide = currentSlideTitle(page);
    await expect(slide).toHaveText('See every signal, measure every volt');
    const height = (await carousel.boundingBox())?.height;

    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(slide).toHaveText('Power you can dial in');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(slide).toHaveText('See every signal, measure every volt');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(slide).toHaveText('Clean joints, first time');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(slide).toHaveText('Power you can dial in');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(slide).toHaveText('See every signal, measure every volt');
    expect((await carousel.boundingBox())?.height).toBe(height);

    const images = carousel.locator('img');
    await expect(images).toHaveCount(3);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('width', '1600');
      await expect(img).toHaveAttribute('height', '600');
    }
  });

  test('carousel is reachable and works by keyboard', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Featured tools' });
    const slide = currentSlideTitle(page);
    await carousel.getByRole('link', { name: 'Shop test gear' }).focus();
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(slide).toHaveText('Power you can dial in');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(slide).toHaveText('See every signal, measure every volt');
    await page.keyboard.press('ArrowLeft');
    await expect(slide).toHaveText('Power you can dial in');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slide).toHaveText('Clean joints, first time');
  });

  test('newsletter: invalid shows the error under the field, valid subscribes, repeat is friendly', async ({
    page,
  }) => {
    await page.goto('/');
    const email = page.getByLabel('Email address');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });

    await email.fill('not-an-email');
    await subscribe.click();
    await expect(email).toHaveAccessibleDescription('Provide a valid Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    const address = uniqueEmail('news');
    await email.fill(address);
    await expect(page.getByText('Provide a valid Email')).toHaveCount(0);
    await subscribe.click();
    // Double opt-in: the same answer for a new and a repeated address.
    const confirmMail = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await expect(confirmMail).toBeVisible();
    await expect(email).toHaveValue('');

    await email.fill(address.toUpperCase());
    await subscribe.click();
    await expect(confirmMail).toBeVisible();

    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('catalogue', () => {
  test('a partial, case-insensitive name search finds the tool and survives reload and Back', async ({
    page,
  }) => {
    await page.goto('/tools');
    await expect(
      page.getByRole('status').filter({ hasText: /Showing 1–12 of \d+ tools/ }),
    ).toBeVisible();
    const search = page.getByLabel('Search tools by name');
    await search.fill('mULTim');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/tools\?search=mULTim$/);
    const cards = page.getByRole('list', { name: 'Tools' }).getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('VF-DM200 True-RMS Digital Multimeter');
    await expect(page).toHaveTitle('Tools matching “mULTim” | Voltforge');

    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('VF-DM200 True-RMS Digital Multimeter');
    await expect(search).toHaveValue('mULTim');

    await page.getByRole('navigation').getByRole('link', { name: 'Blog' }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/tools\?search=mULTim$/);
    await expect(cards).toHaveCount(1);
    await expect(search).toHaveValue('mULTim');

    await page.goBack();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(search).toHaveValue('');
    await expect(cards).toHaveCount(12);
  });

  test('sort and pages live in the URL; an unmatched search shows an empty state', async ({
    page,
  }) => {
    await page.goto('/tools');
    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    const prices = page.getByRole('list', { name: 'Tools' }).locator('dd').filter({ hasText: '$' });
    await expect(prices.first()).toHaveText('$8.90');

    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(/sort=price_asc&page=2/);
    await expect(
      page.getByRole('status').filter({ hasText: /Showing 13–\d+ of \d+ tools/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(prices.first()).toHaveText('$8.90');

    await page.getByLabel('Search tools by name').fill('flux capacitor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No tools match' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole('list', { name: 'Tools' }).getByRole('article')).toHaveCount(12);
  });

  test('a category on /catagories opens the filtered catalogue', async ({ page }) => {
    await page.goto('/catagories');
    const link = page.getByRole('link', { name: /Soldering & Rework\s+3 tools/ });
    await link.click();
    await expect(page).toHaveURL(/\/tools\?category=Soldering(\+|%20)%26(\+|%20)Rework$/);
    await expect(page.getByLabel('Category')).toHaveValue('Soldering & Rework');
    const cards = page.getByRole('list', { name: 'Tools' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card).toContainText('Soldering & Rework');

    await page.getByLabel('Category').selectOption('');
    await expect(page).toHaveURL(/\/tools$/);
  });

  test('Purchase while signed out goes to /login, then back to that tool after sign-in', async ({
    page,
  }) => {
    await page.goto('/tools');
    const purchase = page.getByRole('link', { name: /^Purchase / }).first();
    const href = await purchase.getAttribute('href');
    expect(href).toMatch(/^\/tool\/[0-9a-f-]{36}$/);
    await purchase.click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(demo.customer.email);
    await page.getByLabel('Password').fill(demo.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('an out-of-stock tool says so and cannot be purchased', async ({ page }) => {
    await page.goto('/tools?search=insulation');
    // The search also finds the insulated tools (one word stem); the tester, named so, comes first.
    const card = page.getByRole('article').first();
    await expect(card).toContainText('Insulation Resistance Tester');
    await expect(card.getByText('Out of stock').first()).toBeVisible();
    await expect(card.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    await expect(card.getByRole('link', { name: /Purchase/ })).toHaveCount(0);
  });
});

test.describe('content pages', () => {
  test('about, portfolio and summary show their content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();

    await page.goto('/portfolio');
    for (const name of ['Career objective', 'Skills', 'Projects', 'Education']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

    await page.goto('/summary');
    const toolsForSale = page.getByRole('definition').filter({ hasText: /^\d+$/ }).first();
    await expect(toolsForSale).toBeVisible();
    await expect(page.getByText('Average rating')).toBeVisible();
    // A heading row and one row per category the shop has now (other journeys add categories).
    const summary = (await (await page.request.get('/api/summary')).json()) as {
      categories: unknown[];
    };
    expect(summary.categories.length).toBeGreaterThanOrEqual(6);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(
      summary.categories.length + 1,
    );
    await page.getByRole('link', { name: 'Power Supplies' }).click();
    await expect(page).toHaveURL(/\/tools\?category=Power(\+|%20)Supplies$/);
  });

  test('blog has six questions that open and close by keyboard', async ({ page }) => {
    await page.goto('/blog');
    // The server-rendered page takes keys once the app has hydrated it.
    await hydrated(page);
    const items = page.locator('details');
    await expect(items).toHaveCount(6);
    for (const topic of [
      /performance of a React application/,
      /manage state in a React application/,
      /prototypal inheritance/,
      /never update React state directly/,
      /search an array of products by name/,
      /unit tests/,
    ]) {
      await expect(page.locator('summary').filter({ hasText: topic })).toHaveCount(1);
    }

    const first = page.locator('summary').first();
    const answer = items.first().locator('p').first();
    await expect(answer).toBeHidden();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(items.first()).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(items.first()).not.toHaveAttribute('open');
    await expect(answer).toBeHidden();

    await page.keyboard.press('Tab');
    await expect(page.locator('summary').nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
  });

  for (const form of [
    {
      path: '/itSupport',
      submit: 'Send to support',
      confirmation: /support team has your message/,
    },
    {
      path: '/design',
      submit: 'Send project brief',
      confirmation: /design team has your project brief/,
    },
  ]) {
    test(`${form.path} contact form validates, sends and confirms`, async ({ page }) => {
      await page.goto(form.path);
      const submit = page.getByRole('button', { name: form.submit });
      await submit.click();
      await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
      await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
      await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Message is required');

      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('Email').fill('grace@');
      await page.getByLabel('Message').fill('Too short');
      await submit.click();
      await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Provide a valid Email');
      await expect(page.getByLabel('Message')).toHaveAccessibleDescription(
        'Message must be at least 10 characters',
      );

      await page.getByLabel('Email').fill(uniqueEmail('contact'));
      await page.getByLabel('Message').fill('Please call me back about a bulk order of meters.');
      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: form.confirmation })).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('');
    });
  }
});
