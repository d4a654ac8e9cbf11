import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './fixtures';

/*
 * Cumulative layout shift while a page's data loads: the API answers late (as on a slow phone
 * network), so every loading state is on screen long enough to shift the page if it is the wrong
 * size. Measured with the browser's own layout-shift entries, the figure Lighthouse reports.
 */
const MAX_SHIFT = 0.02;
const API_DELAY_MS = 800;
const viewports = [
  { width: 375, height: 800 },
  { width: 1280, height: 800 },
];

declare global {
  interface Window {
    layoutShift: number;
  }
}

async function slowApi(page: Page) {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
  });
}

/** Adds up every layout shift not caused by the person's own input, from the first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until the page's content is in and every spinner gone, then a moment for late shifts. */
async function settled(page: Page, ready: string) {
  await expect(page.getByRole('heading', { name: ready, exact: true }).first()).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

const shift = (page: Page) => page.evaluate(() => window.layoutShift);

const publicPages = [
  { path: '/', ready: 'What our customers say' },
  { path: '/tools', ready: 'Tools' },
  { path: '/about', ready: 'About Us' },
  { path: '/login', ready: 'Login' },
];

test.describe('layout shift while data loads', () => {
  for (const viewport of viewports) {
    for (const p of publicPages) {
      test(`${p.path} at ${viewport.width} px, opened directly`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await recordShifts(page);
        await slowApi(page);
        await page.goto(p.path);
        await settled(page, p.ready);
        expect(await shift(page)).toBeLessThanOrEqual(MAX_SHIFT);
      });
    }

    for (const p of publicPages.filter((q) => q.path !== '/about')) {
      test(`${p.path} at ${viewport.width} px, reached from another page`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await recordShifts(page);
        await page.goto('/about');
        await settled(page, 'About Us');
        await slowApi(page);
        const before = await shift(page);
        // A client-side navigation: the page's data now comes from the (slow) API.
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, p.path);
        await settled(page, p.ready);
        expect((await shift(page)) - before).toBeLessThanOrEqual(MAX_SHIFT);
      });
    }

    test(`/tool/:id at ${viewport.width} px, signed in`, async ({ page, request }) => {
      const tools = (await (await request.get('/api/tool?pageSize=1')).json()) as { _id: string }[];
      const id = tools[0]?._id;
      expect(id, 'the demo catalogue has a tool').toBeTruthy();
      await signIn(page, demo.customer);
      await page.setViewportSize(viewport);
      await recordShifts(page);
      await slowApi(page);
      await page.goto(`/tool/${id}`);
      await settled(page, 'Place To Orders');
      expect(await shift(page)).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }
});
