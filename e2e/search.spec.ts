import { expect, test, type Page } from '@playwright/test';
import type { ToolSearch } from '@voltforge/contract/tool';
import { hydrated, seriousViolations } from './fixtures';

const cardsOf = (page: Page) => page.getByRole('list', { name: 'Tools' }).getByRole('article');

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search tools by name or part number' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`),
  );
}

test.describe('catalogue search', () => {
  for (const [typed, partNumber, first] of [
    ['multimeters', 'VF-DM200', true],
    ['crimper', 'VF-CP8', true],
    ['DM 200', 'VF-DM200', true],
    ['soldering', 'VF-HR850', false],
  ] as const) {
    test(`"${typed}" finds ${partNumber}`, async ({ page }) => {
      await page.goto('/tools');
      await hydrated(page);
      await searchFor(page, typed);
      const cards = cardsOf(page);
      if (first) await expect(cards.first()).toContainText(partNumber);
      else await expect(cards.filter({ hasText: partNumber })).toHaveCount(1);
      // A search puts the best match first until another order is picked.
      await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    });
  }

  test('a filter shows its count, and picking it shows that many tools', async ({
    page,
    request,
  }) => {
    const answer = (await (await request.get('/api/tool/search')).json()) as ToolSearch;
    const hand = answer.facets.categories.find((c) => c.category === 'Hand Tools');
    expect(hand?.count).toBeGreaterThan(0);

    await page.goto('/tools');
    await hydrated(page);
    const category = page.getByLabel('Category');
    await expect(
      category.locator('option', { hasText: `Hand Tools (${hand!.count})` }),
    ).toHaveCount(1);
    await category.selectOption('Hand Tools');
    await expect(page).toHaveURL(/category=Hand(\+|%20)Tools/);
    await expect(cardsOf(page)).toHaveCount(hand!.count);

    // Stock and price narrow it further, and the stock box counts what it would show.
    const inStock = (await (
      await request.get('/api/tool/search?category=Hand%20Tools&inStock=true')
    ).json()) as ToolSearch;
    await expect(
      page.getByLabel(`In stock only (${inStock.total})`, { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Max price ($)').fill('30');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(/maxPrice=30/);
    for (const price of await page
      .getByRole('list', { name: 'Tools' })
      .locator('dt:has-text("Price per unit") + dd')
      .allTextContents()) {
      expect(Number(price.replace(/[$,]/g, ''))).toBeLessThanOrEqual(30);
    }
  });

  test('the list view is remembered across a reload, without a hydration error', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/tools');
    await hydrated(page);
    const list = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' });
    await expect(list).toHaveAttribute('aria-pressed', 'false');
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-tool-view', 'list');
    // A row: no picture, the part number once.
    // (The newest tool is whatever an earlier journey added, so its part number is read.)
    const first = cardsOf(page).first();
    await expect(first.locator('img')).toBeHidden();
    const part = (await first.locator('dd.font-mono').first().textContent())?.trim() ?? '';
    expect(part).not.toBe('');
    await expect(first.getByText(part).filter({ visible: true })).toHaveCount(1);

    // The served page shows the list before the app's code runs: held back here, so what is
    // on screen is the server's HTML and the boot script alone. Nothing is left for the app to
    // change on load, so a remembered list moves nothing.
    const entry = await page.locator('script[data-app]').getAttribute('data-app');
    expect(entry).toMatch(/^\/assets\//);
    await page.route(`**${entry!}`, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-tool-view', 'list');
    await expect(cardsOf(page).first().locator('img')).toBeHidden();
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated', '');
    await page.unrouteAll();
    // What the held-back code logged (its failed load) is not the page's doing.
    errors.length = 0;

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-tool-view', 'list');
    await hydrated(page);
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(cardsOf(page).first().locator('img')).toBeHidden();
    // No sideways scrolling on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);

    await page.getByRole('button', { name: 'Cards' }).click();
    await page.reload();
    await hydrated(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-tool-view', 'list');
    await expect(cardsOf(page).first().locator('img')).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`is axe-clean at ${width} px, as cards and as a list`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/tools?search=meter&inStock=true');
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'List' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-tool-view', 'list');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
