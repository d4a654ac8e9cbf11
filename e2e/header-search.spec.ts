import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Tool } from '@voltforge/contract/tool';
import { demo, hydrated, signIn } from './fixtures';

/*
 * The search box in the header of every page: part-number suggestions as it is typed (their code
 * loaded on first use), and a plain GET form to the catalogue. At a phone's width it is in a row
 * under the bar, on a wide screen in the bar; the server renders both, and CSS shows one.
 */

const widths = [375, 1280];

/** The header's search box shown at this width. */
const searchBox = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search tools' });

const cardsOf = (page: Page) => page.getByRole('list', { name: 'Tools' }).getByRole('article');

/** The ids more than one element of the page has. */
async function duplicateIds(page: Page) {
  const ids = await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

async function seriousViolationsIn(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const width of widths) {
  test.describe(`the header search at ${width} px`, () => {
    test('suggests a tool for a part-number prefix, and picking it opens the tool', async ({
      page,
      request,
    }) => {
      const [tool] = (await (
        await request.get('/api/tool?search=VF-DM200&pageSize=1')
      ).json()) as Tool[];
      expect(tool?.partNumber).toBe('VF-DM200');
      // Signed in, so the tool's page stays (a visitor is asked to sign in there).
      await signIn(page, demo.customer);
      await page.setViewportSize({ width, height: 800 });
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });

      await page.goto('/');
      await hydrated(page);
      const box = searchBox(page);
      await expect(box).toHaveCount(1);
      await expect(box).toBeVisible();
      // The suggestions' code comes with the first use of the box, not with the page.
      expect(scripts.filter((s) => s.includes('tool-suggestions'))).toEqual([]);

      await box.pressSequentially('vf-dm');
      const option = page.getByRole('option', { name: /VF-DM200/ });
      await expect(option).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      expect(scripts.filter((s) => s.includes('tool-suggestions'))).toHaveLength(1);
      expect(await seriousViolationsIn(page, 'header')).toEqual([]);

      await option.click();
      await expect(page).toHaveURL(new RegExp(`/tool/${tool!._id}$`));
      await expect(page.getByRole('main').getByText(tool!.name).first()).toBeVisible();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await expect(searchBox(page)).toHaveValue('');
    });

    test('sends a word to the catalogue, which shows its results', async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await hydrated(page);
      const box = searchBox(page);
      await box.fill('multimeter');
      await box.press('Enter');

      await expect(page).toHaveURL(/\/tools\?search=multimeter$/);
      await expect(cardsOf(page).first()).toContainText('VF-DM200');
      await expect(
        page.getByRole('searchbox', { name: 'Search tools by name or part number' }),
      ).toHaveValue('multimeter');
      await expect(searchBox(page)).toHaveValue('');
      // The catalogue's own search box and the header's share no id.
      expect(await duplicateIds(page)).toEqual([]);
    });

    test('has its place in the server-rendered header, so nothing moves when the app starts', async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const layout = async () => {
        const bar = (await page.getByRole('banner').locator('.navbar').boundingBox())!;
        const header = (await page.getByRole('banner').boundingBox())!;
        const box = (await searchBox(page).boundingBox())!;
        return { bar, header, box };
      };

      // The page as the server sent it, the app's code held back.
      await page.goto('/');
      const entry = await page.locator('script[data-app]').getAttribute('data-app');
      expect(entry).toMatch(/^\/assets\//);
      await page.route(`**${entry!}`, (route) => route.abort());
      await page.reload();
      await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated', '');
      const served = await layout();
      await page.unrouteAll();

      await page.reload();
      await hydrated(page);
      const running = await layout();
      expect(running).toEqual(served);

      const { bar, box } = running;
      if (width < 1024) {
        // A row of its own under the bar, which keeps its one row of controls.
        expect(bar.height).toBe(64);
        expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      } else {
        expect(box.y).toBeGreaterThan(bar.y);
        expect(box.y + box.height).toBeLessThan(bar.y + bar.height);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test('the keyboard picks a suggestion: Down to it, Enter to open it', async ({ page, request }) => {
  const [tool] = (await (await request.get('/api/tool?search=VF-CP8&pageSize=1')).json()) as Tool[];
  await signIn(page, demo.customer);
  await page.goto('/');
  await hydrated(page);
  const box = searchBox(page);
  await box.focus();
  await page.keyboard.type('VF-CP');
  await expect(page.getByRole('option', { name: /VF-CP8/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = page.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toContainText('VF-CP8');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tool/${tool!._id}$`));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a form that lands on the catalogue’s results', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('crimper');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=crimper$/);
    await expect(cardsOf(page).first()).toContainText('VF-CP8');
  });
});
