import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltforge/contract/tool';
import { request, TEST_ORIGIN, type TestUser } from '../../../test/test-app.ts';
import { createShopTestApp, type ShopTestApp } from '../../../test/shop-fixtures.ts';

let t: ShopTestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createShopTestApp();
  ({ admin } = t);
});
afterAll(() => t.close());

async function addTool(): Promise<Tool> {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/tool',
    as: admin,
    payload: {
      partNumber: `CM-${randomUUID().slice(0, 8)}`,
      name: `Clamp Meter ${randomUUID().slice(0, 6)}`,
      inStock: 12,
      minOrderQuantity: 1,
      price: 59.5,
      desc: 'Measures AC current without breaking the circuit.',
      img: '/images/tools/vf-dm200-digital-multimeter.svg',
      category: 'Measurement & Test',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Tool>();
}

const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('GET /robots.txt', () => {
  it('lets crawlers read the shop but not the API, and names the sitemap', async () => {
    const res = await request(t.app, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api',
        `Sitemap: ${TEST_ORIGIN}/sitemap.xml`,
      ]),
    );
    // The dashboard is kept out of search by its visitor's shell's header, which a crawler
    // disallowed from fetching it would never see.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual(['Disallow: /api']);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages with absolute URLs and no private page', async () => {
    const res = await request(t.app, { method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const locs = sitemapLocs(res.body);
    for (const path of ['/', '/tools', '/catagories', '/about', '/login']) {
      expect(locs).toContain(`${TEST_ORIGIN}${path}`);
    }
    expect(locs.every((loc) => loc?.startsWith(`${TEST_ORIGIN}/`))).toBe(true);
    expect(locs.some((loc) => loc?.includes('/dashboard') || loc?.includes('/api'))).toBe(false);
  });

  it('lists a tool an admin adds, with the day it was added, and drops it once archived', async () => {
    const kept = await addTool();
    const archived = await addTool();
    const del = await request(t.app, {
      method: 'DELETE',
      url: `/api/tool/${archived._id}`,
      as: admin,
    });
    expect(del.statusCode).toBe(200);

    const res = await request(t.app, { method: 'GET', url: '/sitemap.xml' });
    const locs = sitemapLocs(res.body);
    expect(locs).toContain(`${TEST_ORIGIN}/tool/${kept._id}`);
    expect(locs).not.toContain(`${TEST_ORIGIN}/tool/${archived._id}`);
    expect(res.body).toContain(
      `<url><loc>${TEST_ORIGIN}/tool/${kept._id}</loc><lastmod>${kept.createdAt}</lastmod></url>`,
    );
  });
});
