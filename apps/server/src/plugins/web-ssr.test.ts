import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../test/shop-fixtures.ts';
import { createTestApp, request, until, type TestApp } from '../../test/test-app.ts';
import { PAGE_RENDERS_PER_MINUTE } from './security.ts';
import type { ServerRenderer } from './web/server-renderer.ts';
import { continuationAsyncId } from '../../test/async-tracking.ts';
import { rootOf, textOf, webRenderer } from '../../test/web-renderer.ts';

const indexHtml = `<!doctype html><html><head>
<meta name="description" content="The app's own description." />
<title>Voltforge</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
</head><body><div id="root"></div></body></html>`;

function distDir() {
  const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'boot.js'), '// the boot script');
  return dist;
}

async function page(t: TestApp, url: string) {
  const res = await request(t.app, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
}

// A name that would run a script if it were written into the page as markup.
const trickyName = '</script><script>alert(1)</script> Probe';

describe('public pages rendered on the server', () => {
  let t: TestApp;
  let sawId = '';
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir() }, { serverRenderer: webRenderer });
    const saw = await insertTool(t.database.db, {
      name: 'Voltforge Hand Saw',
      category: 'Hand Tools',
      priceCents: 1999,
    });
    sawId = saw.id;
    await insertTool(t.database.db, { name: trickyName, category: 'Hand Tools', priceCents: 400 });
  });
  afterAll(() => t.close());

  it('puts the home page, with the newest tools and their prices, in the HTML', async () => {
    const html = await page(t, '/');
    const text = textOf(rootOf(html));
    expect(text).toContain('Voltforge Hand Saw');
    expect(text).toContain('$19.99');
    expect(text).toContain('See every signal, measure every volt');
    // The banner's first slide is the page's largest image: preloaded from the head, at the
    // width the screen needs (a phone takes the 800 px picture).
    expect(html).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/images\/banner\/slide-1-[a-z-]+-800\.webp 800w, \/images\/banner\/slide-1-[a-z-]+\.webp 1600w" imageSizes="100vw" fetchPriority="high"\/>[\s\S]*<\/head>/,
    );
  });

  it('renders the catalogue of the URL, and a tool named like markup as text', async () => {
    const html = await page(t, '/tools?category=Hand%20Tools&sort=price_asc');
    const root = rootOf(html);
    const text = textOf(root);
    expect(text.indexOf(trickyName)).toBeGreaterThan(-1);
    expect(text.indexOf(trickyName)).toBeLessThan(text.indexOf('Voltforge Hand Saw'));
    expect(text).toContain('$4.00');
    // The category filter lists the categories already.
    expect(root).toMatch(/<option value="Hand Tools"[^>]*>/);
    expect(root).not.toContain('<script');
    // The only scripts are the boot script, which starts the app's entry after the first paint
    // and preloads what index.html would have with it, and the page's data, which never runs;
    // nothing of the app is preloaded before the first paint.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" src="/boot.js" data-app="/assets/index-abc.js" data-preload="/assets/react-abc.js">',
      '<script type="application/json" id="initial-data">',
    ]);
    expect(html).not.toContain('modulepreload');
  });

  it('renders a tool page with its tool, while the session is being checked', async () => {
    const html = await page(t, `/tool/${sawId}`);
    const text = textOf(rootOf(html));
    expect(text).toContain('Voltforge Hand Saw');
    expect(text).toContain('$19.99');
    expect(text).toContain('Checking your session');
  });

  it('renders the categories page with every category and its count', async () => {
    const text = textOf(rootOf(await page(t, '/catagories')));
    expect(text).toContain('Hand Tools');
    expect(text).toContain('2 tools');
  });

  it('renders the pages without data the same for everyone', async () => {
    expect(textOf(rootOf(await page(t, '/about')))).toMatch(/About/);
    const login = rootOf(await page(t, '/login'));
    expect(login).toMatch(/<input[^>]*type="email"/);
    expect(login).toMatch(/<input[^>]*type="password"/);
    // Signed out or not, the bar is rendered as "session being checked": no Login, no name.
    expect(textOf(login)).not.toContain('Log Out');
  });

  it('leaves no async context tracking on after rendering, for the requests that follow', async () => {
    expect(await continuationAsyncId()).toBe(0);
    await page(t, '/about');
    await page(t, `/tool/${sawId}`);
    await page(t, '/tools?sort=price_desc');
    expect(await continuationAsyncId()).toBe(0);
  });

  it('keeps pages it cannot render on the browser, with an empty root', async () => {
    const unknown = await page(t, '/no-such-page');
    expect(rootOf(unknown)).toBe('');
  });
});

describe('one page for the URLs that show the same page', () => {
  let t: TestApp;
  const rendered: string[] = [];
  /** While set, renders wait for it before they start. */
  let gate: Promise<void> | undefined;
  const counting: ServerRenderer = {
    render: async (url, data, options) => {
      rendered.push(url);
      await gate;
      return webRenderer.render(url, data, options);
    },
  };
  beforeAll(async () => {
    t = await createTestApp(
      { WEB_DIST_DIR: distDir(), CATALOGUE_CACHE_TTL_MS: '60000' },
      { serverRenderer: counting },
    );
    await insertTool(t.database.db, { name: 'Voltforge Chisel', category: 'Hand Tools' });
    // The insert is announced like any write to the catalogue: let it land before pages are made.
    await t.app.changeFeed.caughtUp();
  });
  afterAll(() => t.close());

  it('reads and renders a page once, whatever query strings it does not read come with it', async () => {
    const plain = await page(t, '/tools');
    for (const url of ['/tools?utm_source=mail', '/tools?sort=bogus&page=1&fbclid=x']) {
      expect(await page(t, url), url).toBe(plain);
    }
    const home = await page(t, '/?utm_campaign=winter');
    expect(await page(t, '/')).toBe(home);
    expect(await page(t, '/tools?category=Hand%20Tools&ref=x')).toContain('Voltforge Chisel');
    expect(rendered).toEqual(['/tools', '/', '/tools?category=Hand+Tools']);
  });

  it('makes a page once for the requests that arrive while it is being made', async () => {
    rendered.length = 0;
    const pages = await Promise.all(
      Array.from({ length: 5 }, (_, i) => page(t, `/tools?search=chisel&n=${i}`)),
    );
    expect(new Set(pages).size).toBe(1);
    expect(rendered).toEqual(['/tools?search=chisel']);
  });

  it('never gives a request that came after a catalogue change a page begun before it', async () => {
    rendered.length = 0;
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    try {
      const before = page(t, '/tools?search=saw');
      await until('the first render has begun', () => rendered.length === 1);
      t.app.forgetCatalogue();
      const after = page(t, '/tools?search=saw&utm=1');
      await until('the second render has begun', () => rendered.length === 2);
      open();
      await Promise.all([before, after]);
      expect(rendered).toEqual(['/tools?search=saw', '/tools?search=saw']);
    } finally {
      open();
      gate = undefined;
    }
  });
});

describe('a server renderer that fails', () => {
  let t: TestApp;
  let calls = 0;
  beforeAll(async () => {
    const failing: ServerRenderer = {
      render: () => {
        calls += 1;
        return Promise.reject(new Error('renderer broke'));
      },
    };
    t = await createTestApp({ WEB_DIST_DIR: distDir() }, { serverRenderer: failing });
    await insertTool(t.database.db, { name: 'Still Listed Saw' });
  });
  afterAll(() => t.close());

  it('serves the page painted by the browser, never an error', async () => {
    const home = await page(t, '/');
    expect(rootOf(home)).toBe('');
    // Its entry starts at once, as without server rendering, and reads the page's data itself:
    // the data is what the page's loaders read, and they run in the renderer.
    expect(home).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(home).not.toContain('/boot.js');
    expect(home).not.toContain('id="initial-data"');
    expect(home).toContain('<title>Voltforge</title>');
    const about = await page(t, '/about');
    expect(rootOf(about)).toBe('');
    // A static page that failed is tried again on its next request.
    const before = calls;
    await page(t, '/about');
    expect(calls).toBe(before + 1);
  });
});

describe('a server renderer that returns a page the server cannot use', () => {
  let t: TestApp;
  let broken = true;
  beforeAll(async () => {
    const webRender = webRenderer.render.bind(webRenderer);
    // A page whose markup cannot be read: making the HTML fails after the render has "worked".
    const malformed: ServerRenderer = {
      render: async (url, data, options) => {
        if (!broken) return webRender(url, data, options);
        return {
          head: '',
          get body(): string {
            throw new Error('malformed page');
          },
        };
      },
    };
    t = await createTestApp({ WEB_DIST_DIR: distDir() }, { serverRenderer: malformed });
    await insertTool(t.database.db, { name: 'Shell Served Saw', category: 'Hand Tools' });
  });
  afterAll(() => t.close());

  it('serves the shell with its security headers, and makes the page once the renderer recovers', async () => {
    for (const url of ['/', '/tools?search=saw', '/about']) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(rootOf(res.body), url).toBe('');
    }
    broken = false;
    expect(textOf(rootOf(await page(t, '/tools?search=saw')))).toContain('Shell Served Saw');
    expect(rootOf(await page(t, '/about'))).not.toBe('');
  });
});

describe('pages rendered for one client, within its budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { WEB_DIST_DIR: distDir(), RATE_LIMIT: 'true', CATALOGUE_CACHE_TTL_MS: '60000' },
      { serverRenderer: webRenderer },
    );
    await insertTool(t.database.db, { name: 'Budget Bench Saw', category: 'Hand Tools' });
  });
  afterAll(() => t.close());

  const from = async (remoteAddress: string, url: string) => {
    const res = await request(t.app, { method: 'GET', url, remoteAddress });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    return res.body;
  };

  it('serves the pages past the budget without reading or rendering them, still working, and no other client pays', async () => {
    const attacker = '198.51.100.7';
    for (let i = 0; i < PAGE_RENDERS_PER_MINUTE; i += 1) {
      expect(rootOf(await from(attacker, `/tools?search=probe-${i}`)), `page ${i}`).not.toBe('');
    }
    const over = await from(attacker, '/tools?search=one-more');
    expect(rootOf(over)).toBe('');
    expect(over).not.toContain('id="initial-data"');
    // The app's entry is in the page: the browser paints it from the API.
    expect(over).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    // Pages already made cost nothing and are served as made.
    const made = `/tools?search=probe-${PAGE_RENDERS_PER_MINUTE - 1}`;
    expect(rootOf(await from(attacker, made))).not.toBe('');
    // Another client has its own budget.
    expect(textOf(rootOf(await from('203.0.113.9', '/tools?search=saw')))).toContain(
      'Budget Bench Saw',
    );
  });
});

/** A client address of this run only: the suites of both databases share the one Redis. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('the render budget of a client, shared by two instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      WEB_DIST_DIR: distDir(),
      RATE_LIMIT: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CATALOGUE_CACHE_TTL_MS: '60000',
    };
    [a, b] = await Promise.all([
      createTestApp(env, { serverRenderer: webRenderer }),
      createTestApp(env, { serverRenderer: webRenderer }),
    ]);
    // Until an instance's Redis connection is up it counts on its own (rate-limit-store.ts):
    // wait until an API request on each is counted in Redis.
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      for (const t of [a, b]) {
        const probe = someAddress();
        await until('the instance counts in Redis', async () => {
          await request(t.app, { method: 'GET', url: '/api/tool', remoteAddress: probe });
          return (await redis.exists(`voltforge-rl-GET/api/tool-${probe}`)) === 1;
        });
      }
    } finally {
      redis.disconnect();
    }
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('spends one budget whichever instance renders', async () => {
    const client = someAddress();
    const render = async (t: TestApp, i: number) => {
      const res = await request(t.app, {
        method: 'GET',
        url: `/tools?search=shared-${i}`,
        remoteAddress: client,
      });
      expect(res.statusCode).toBe(200);
      return rootOf(res.body);
    };
    const half = PAGE_RENDERS_PER_MINUTE / 2;
    for (let i = 0; i < half; i += 1) expect(await render(a, i)).not.toBe('');
    for (let i = half; i < PAGE_RENDERS_PER_MINUTE; i += 1) expect(await render(b, i)).not.toBe('');
    expect(await render(a, PAGE_RENDERS_PER_MINUTE)).toBe('');
    expect(await render(b, PAGE_RENDERS_PER_MINUTE + 1)).toBe('');
  });
});
