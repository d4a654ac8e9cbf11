import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../../test/shop-fixtures.ts';
import { createTestApp, request, type TestApp } from '../../../test/test-app.ts';
import { SIGNED_IN_FRAME } from '@voltforge/contract/page-render';
import { pageCode, pageStylesheets, routePreloads } from './first-paint-preload.ts';

let t: TestApp;
let toolId: string;
const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
const stylesheet = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
const indexHtml = `<!doctype html><html><head><title>Voltforge</title>${stylesheet}</head><body><div id="root"></div></body></html>`;
const table = {
  '/': ['/assets/home-page-1.js', '/assets/use-query-1.js'],
  '/about': ['/assets/about-page-1.js'],
  '/tool/:id': ['/assets/tool-order-page-1.js'],
};

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'route-preload.json'), JSON.stringify(table));
  t = await createTestApp({ WEB_DIST_DIR: dist });
  toolId = (await insertTool(t.database.db, { name: 'Probe' })).id;
});
afterAll(() => t.close());

async function preloaded(url: string) {
  const res = await request(t.app, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<link rel="modulepreload" href="([^"]*)" \/>/g)].map((m) => m[1]);
}

describe("a page's own scripts, preloaded in its HTML", () => {
  it('preloads the chunks of the page the path shows, on data pages and static pages', async () => {
    expect(await preloaded('/')).toEqual(table['/']);
    expect(await preloaded('/about')).toEqual(table['/about']);
    expect(await preloaded(`/tool/${toolId}`)).toEqual(table['/tool/:id']);
  });

  it('keeps the stylesheet of a page served with its preloads as the shell', async () => {
    // No server renderer in this build: the page is the shell, painted by the app with this sheet.
    const res = await request(t.app, { method: 'GET', url: '/about' });
    expect(res.body).toContain(table['/about'][0]);
    expect(res.body).toContain(stylesheet);
  });

  it('preloads nothing for a path outside the list', async () => {
    expect(await preloaded('/dashboard')).toEqual([]);
    expect(await preloaded('/tool/a/b')).toEqual([]);
  });

  // What the build lists for each page, by route pattern (scripts/route-preload.ts).
  const built: Record<string, string[]> = {
    '/dashboard/payment/:id': [
      '/assets/dashboard-layout.tsx.js',
      '/assets/payment-page.tsx.js',
      '/assets/dashboard-layout.css',
    ],
    '/cart': ['/assets/cart-page.tsx.js'],
    '/tools': ['/assets/tools-page.tsx.js'],
    '/tool/:id': ['/assets/tool-order-page.tsx.js'],
    '/dashboard/users': ['/assets/users-page.tsx.js'],
    [SIGNED_IN_FRAME]: ['/assets/user-menu.tsx.js', '/assets/account-cart-link.tsx.js'],
  };
  const code = (page: string) => built[page] ?? [];

  it("lists a signed-in page's code, its layout's and its own, for the HTML rendered for its reader", () => {
    const preloads = routePreloads(code);
    expect(preloads('/dashboard/payment/0b5e')).toEqual([
      '/assets/dashboard-layout.tsx.js',
      '/assets/payment-page.tsx.js',
    ]);
    expect(preloads('/cart')).toEqual(['/assets/cart-page.tsx.js']);
    // A page also public has its public page's.
    expect(preloads('/tools')).toEqual(['/assets/tools-page.tsx.js']);
    // A page the server does not render lists none.
    expect(preloads('/dashboard/users')).toEqual([]);
    // Its layout's stylesheet is linked.
    expect(pageStylesheets(code)('/dashboard/payment/0b5e')).toEqual([
      '/assets/dashboard-layout.css',
    ]);
    expect(pageStylesheets(code)('/dashboard/users')).toEqual([]);
  });

  it("adds the navbar's signed-in parts to a page rendered for a signed-in reader", () => {
    const preloads = routePreloads(code);
    const frame = ['/assets/user-menu.tsx.js', '/assets/account-cart-link.tsx.js'];
    expect(preloads('/cart', true)).toEqual(['/assets/cart-page.tsx.js', ...frame]);
    expect(preloads('/tool/0b5e', true)).toEqual(['/assets/tool-order-page.tsx.js', ...frame]);
    // Everyone's copy of a page, and a path that is no page, list none of them.
    expect(preloads('/tool/0b5e')).toEqual(['/assets/tool-order-page.tsx.js']);
    expect(preloads('/no-such-page', true)).toEqual([]);
  });

  it('preloads nothing when the build has no list', () => {
    const noList = pageCode(mkdtempSync(join(tmpdir(), 'voltforge-dist-')));
    expect(routePreloads(noList)('/')).toEqual([]);
  });
});
