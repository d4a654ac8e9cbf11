import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitialData } from '@voltforge/contract/initial-data';
import type { ToolSearch } from '@voltforge/contract/tool';
import { insertTool } from '../../test/shop-fixtures.ts';
import { TEST_ORIGIN, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { webRenderer } from '../../test/web-renderer.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
const indexHtml = `<!doctype html><html><head>
<meta
  name="description"
  content="The app's own description." />
<title>Voltforge</title></head><body><div id="root"></div></body></html>`;
// A name that would end the data element early if it were not escaped.
const trickyName = 'Probe </script><script>alert(1)</script> <!-- kit';

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  t = await createTestApp({ WEB_DIST_DIR: dist }, { serverRenderer: webRenderer });
  await insertTool(t.database.db, { name: 'Hand Saw', category: 'Hand Tools', priceCents: 900 });
  await insertTool(t.database.db, { name: 'Chisel', category: 'Hand Tools', priceCents: 400 });
  await insertTool(t.database.db, { name: trickyName });
});
afterAll(() => t.close());

async function page(url: string) {
  const res = await request(t.app, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** What the app reads: the text of the data element, parsed as JSON. */
function initialData(html: string): InitialData | undefined {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as InitialData) : undefined;
}

/** The answers the page was rendered with (its loaders' reads), as the app's query cache holds them. */
function answers(html: string): unknown[] {
  const queries = initialData(html)?.queries as { queries?: { state: { data: unknown } }[] };
  return (queries?.queries ?? []).map((query) => query.state.data);
}

const head = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
});

async function api(url: string) {
  const res = await request(t.app, { method: 'GET', url });
  return { body: res.json<unknown>(), total: Number(res.headers['x-total-count']) };
}

describe('the first data of a page, in its HTML', () => {
  it('gives the home page the newest tools and reviews, exactly as the API answers them', async () => {
    const html = await page('/');
    const tools = await api('/api/tool?sort=newest&pageSize=6');
    const reviews = await api('/api/review?limit=6');
    expect(answers(html)).toContainEqual({ items: tools.body, total: tools.total });
    expect(answers(html)).toContainEqual(reviews.body);
    expect(typeof initialData(html)?.renderedAt).toBe('number');
    expect(head(html)).toEqual({
      title: 'Voltforge',
      description: expect.stringMatching(/tools and components/) as string,
      canonical: `${TEST_ORIGIN}/`,
    });
  });

  it('gives the catalogue the page its URL asks for, titled by what it shows', async () => {
    const html = await page('/tools?category=Hand%20Tools&sort=price_asc');
    const search = await request(t.app, {
      method: 'GET',
      url: '/api/tool/search?category=Hand%20Tools&sort=price_asc&page=1&pageSize=12',
    });
    const result = search.json<ToolSearch>();
    expect(result.items.map((x) => x.name)).toEqual(['Chisel', 'Hand Saw']);
    // One answer renders the page: its tools and the filters' counts, as the API gives them.
    expect(answers(html)).toContainEqual(result);
    expect(head(html).title).toBe('Hand Tools | Voltforge');
    expect(head(html).canonical).toBe(`${TEST_ORIGIN}/tools`);
  });

  it('gives a tool page its tool, and keeps a name with markup inert', async () => {
    const tools = await api(`/api/tool?search=${encodeURIComponent('Probe')}`);
    const id = (tools.body as { _id: string }[])[0]!._id;
    const html = await page(`/tool/${id}`);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!-- kit');
    expect(answers(html)).toContainEqual(expect.objectContaining({ name: trickyName }));
    expect(head(html).canonical).toBe(`${TEST_ORIGIN}/tool/${id}`);
  });

  it('serves an unknown tool and a page without data with no data element', async () => {
    const unknown = await page('/tool/00000000-0000-4000-8000-000000000000');
    expect(initialData(unknown)).toBeUndefined();
    const about = await page('/about');
    expect(initialData(about)).toBeUndefined();
    expect(head(about)).toEqual({
      title: 'About Us | Voltforge',
      description: expect.stringMatching(/^Who Voltforge is/) as string,
      canonical: `${TEST_ORIGIN}/about`,
    });
    // Exactly one description: the app's own is replaced, not repeated.
    expect(about.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers a revalidation of a data page with 304 while its content is unchanged', async () => {
    const first = await request(t.app, { method: 'GET', url: '/tools' });
    const etag = first.headers.etag as string;
    const again = await request(t.app, {
      method: 'GET',
      url: '/tools',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
