// Takes full-page screenshots of the shop's pages at phone and desktop widths, as a visitor, a
// customer and an admin, so a person can look at them. Usage (server already running):
//   node --import tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots [path-filter]
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { demoAccounts } from '../apps/server/src/db/demo-accounts.ts';
import { chromiumArgs, fullChromium } from '../e2e/chromium.ts';

const [baseUrl = 'http://localhost:3000', outDir = '/tmp/voltforge-shots', filter = ''] =
  process.argv.slice(2);

const visitorPages = [
  '/',
  '/tools',
  '/catagories',
  '/about',
  '/summary',
  '/portfolio',
  '/blog',
  '/itSupport',
  '/design',
  '/login',
  '/register',
  '/no-such-page',
];
const customerPages = [
  '/dashboard',
  '/dashboard/myOrder',
  '/cart',
  '/dashboard/addReview',
  '/dashboard/updateProfile',
];
const adminPages = [
  '/dashboard',
  '/dashboard/users',
  '/dashboard/addTool',
  '/dashboard/manageTools',
  '/dashboard/manageOrders',
  '/dashboard/companies',
];

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: fullChromium,
  args: chromiumArgs,
});
for (const width of [375, 1280]) {
  for (const [role, pages] of [
    ['visitor', visitorPages],
    ['customer', customerPages],
    ['admin', adminPages],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    if (role !== 'visitor') await signIn(page, demoAccounts[role]);
    for (const path of pages.filter((p) => p.includes(filter))) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      // Scroll through once so lazy images load before the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      // A full-page shot is taken from the top, where the sections a phone's first screen does
      // not show are not rendered yet (`below-fold`): render them for the shot.
      await page.addStyleTag({ content: '.below-fold { content-visibility: visible; }' });
      await page.waitForTimeout(300);
      const name = `${role}${path.replaceAll('/', '_') || '_home'}-${width}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
      console.warn(`${outDir}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
