import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTool } from '../../test/shop-fixtures.ts';
import {
  createTestApp,
  registerUser,
  request,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { session } from '../db/schema/auth.ts';
import { rootOf, textOf, webRenderer } from '../../test/web-renderer.ts';

const indexHtml = `<!doctype html><html><head>
<meta name="description" content="The app's own description." />
<title>Voltforge</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
</head><body><div id="root"></div></body></html>`;

const dashboardCss = '/assets/dashboard-layout-abc.css';

function distDir() {
  const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'boot.js'), '// the boot script');
  writeFileSync(
    join(dist, 'route-preload.json'),
    // As the build writes it: by page, its layout's code and its own (scripts/route-preload.ts).
    JSON.stringify({
      '/dashboard/myOrder': ['/assets/dashboard-layout-abc.js', dashboardCss],
    }),
  );
  return dist;
}

const firstDataOf = (html: string) => {
  const json = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

describe('signed-in pages rendered on the server for their reader', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let aliceOrder = '';
  let toolId = '';

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir() }, { serverRenderer: webRenderer });
    alice = await registerUser(t.app, { name: 'Alice Ampere' });
    bob = await registerUser(t.app, { name: 'Bob Volta' });
    admin = await registerUser(t.app, { name: 'Ada Admin', role: 'admin' });
    const tool = await insertTool(t.database.db, {
      name: 'Voltforge Bench Multimeter',
      priceCents: 8950,
    });
    toolId = tool.id;
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool.id, quantity: 3, phone: '+1 555 010 2030', address: '1 Main St' },
      as: alice,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    aliceOrder = placed.json<{ _id: string }>()._id;
  });
  afterAll(() => t.close());

  it("puts the customer's own orders in My Orders, for them only and kept by no cache", async () => {
    const res = await request(t.app, { method: 'GET', url: '/dashboard/myOrder', as: alice });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    // Theirs only, and never a crawler's (a crawler has no session): nothing keeps it out of
    // search, as nothing need.
    expect(res.headers['x-robots-tag']).toBeUndefined();
    const text = textOf(rootOf(res.body));
    expect(text).toContain('My Orders (1)');
    expect(text).toContain('Voltforge Bench Multimeter');
    expect(text).toContain('$268.50');
    expect(text).toContain('Alice Ampere');
    // Styled at first paint by the dashboard's stylesheet alone (the whole shop's): linked, not
    // left to its code, and in place of a visitor's, which it contains: that one is listed
    // disabled (not fetched), so the app's code does not add it after the first paint.
    expect(res.body).toContain(`<link rel="stylesheet" href="${dashboardCss}" />`);
    expect(res.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>',
    );
    expect(res.body.indexOf('index-abc.css')).toBeLessThan(res.body.indexOf(dashboardCss));
    // Its code is listed, fetched alongside the entry (the boot script adds the links).
    expect(/data-preload="([^"]*)"/.exec(res.body)?.[1]?.split(' ')).toContain(
      '/assets/dashboard-layout-abc.js',
    );
    // The browser hydrates from the same session and answers.
    const data = firstDataOf(res.body);
    expect(data?.session).toMatchObject({ user: { email: alice.email } });
    // Not the session's credential: the page carries what the app shows, not what signs in.
    const token = decodeURIComponent(/session_token=([^.;]+)/.exec(alice.cookie)?.[1] ?? 'none');
    expect(res.body).not.toContain(token);
    expect(JSON.stringify(data?.queries)).toContain(aliceOrder);
  });

  it("never shows one customer's orders to another", async () => {
    const bobs = await request(t.app, { method: 'GET', url: '/dashboard/myOrder', as: bob });
    expect(textOf(rootOf(bobs.body))).toContain('You have no orders yet.');
    expect(bobs.body).not.toContain(aliceOrder);
    expect(bobs.body).not.toContain(alice.email);
    // Alice's order's payment page, asked for by Bob: the API refuses him, so nothing of it is in
    // the page; his browser asks again and shows the refusal.
    const payment = await request(t.app, {
      method: 'GET',
      url: `/dashboard/payment/${aliceOrder}`,
      as: bob,
    });
    expect(payment.body).not.toContain('Voltforge Bench Multimeter');
    expect(payment.body).not.toContain('$268.50');
  });

  it('shows an admin the overview on /dashboard, and a customer their orders', async () => {
    const overview = await request(t.app, { method: 'GET', url: '/dashboard', as: admin });
    expect(textOf(rootOf(overview.body))).toContain('Last 30 days');
    const orders = await request(t.app, { method: 'GET', url: '/dashboard', as: alice });
    expect(textOf(rootOf(orders.body))).toContain('My Orders (1)');
    expect(textOf(rootOf(orders.body))).not.toContain('Last 30 days');
  });

  it("renders the payment page with the order's total for its owner", async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/dashboard/payment/${aliceOrder}`,
      as: alice,
    });
    expect(textOf(rootOf(res.body))).toContain('$268.50');
    // The cart is no dashboard page: a visitor's stylesheet is the one it needs.
    const cart = await request(t.app, { method: 'GET', url: '/cart', as: alice });
    expect(cart.body).toContain('index-abc.css');
    expect(cart.body).not.toContain(dashboardCss);
  });

  it("renders a tool's page with the customer's order form for them, and everyone's for a visitor", async () => {
    const url = `/tool/${toolId}`;
    const visitor = await request(t.app, { method: 'GET', url });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(textOf(rootOf(visitor.body))).toContain('Voltforge Bench Multimeter');
    expect(textOf(rootOf(visitor.body))).toContain('Checking your session');
    expect(firstDataOf(visitor.body)?.session).toBeUndefined();

    // Alice's comes with her order form, not the spinner everyone's has where it goes, and with
    // the head and the code everyone's has.
    const res = await request(t.app, { method: 'GET', url, as: alice });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('aria-label="Order form"');
    const text = textOf(rootOf(res.body));
    expect(text).toContain('Voltforge Bench Multimeter');
    expect(res.body).toContain(`value="${alice.email}"`);
    expect(text).not.toContain('Checking your session');
    expect(res.body).toContain('<title>Place To Orders | Voltforge</title>');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${url}" />`);
    expect(res.body).toContain('index-abc.css');
    expect(firstDataOf(res.body)?.session).toMatchObject({ user: { email: alice.email } });

    // Asked again by a visitor, or with a cookie that is no session: everyone's page, nothing of
    // Alice's in it.
    for (const headers of [{}, { cookie: 'better-auth.session_token=forged.value' }]) {
      const again = await request(t.app, { method: 'GET', url, headers });
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.body).not.toContain(alice.email);
      expect(textOf(rootOf(again.body))).toContain('Checking your session');
    }
  });

  it("renders the home page and the catalogue with the reader's own navbar, everyone's for anyone else", async () => {
    for (const url of ['/', '/tools']) {
      const visitor = await request(t.app, { method: 'GET', url });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['cache-control']).toBe('no-cache');
      // A shared cache keeps it apart from a signed-in reader's.
      expect(visitor.headers.vary).toBe('accept-encoding, cookie');
      const everyones = textOf(rootOf(visitor.body));
      expect(everyones).toContain('Voltforge Bench Multimeter');
      expect(everyones).not.toContain('Log Out');

      // Alice's has her name and "Log Out" in the navbar from the first paint, the same tools,
      // and the head everyone's has.
      const res = await request(t.app, { method: 'GET', url, as: alice });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = textOf(rootOf(res.body));
      expect(text).toContain('Alice Ampere');
      expect(text).toContain('Log Out');
      expect(text).toContain('Voltforge Bench Multimeter');
      expect(/<title>[^<]*<\/title>/.exec(res.body)?.[0]).toBe(
        /<title>[^<]*<\/title>/.exec(visitor.body)?.[0],
      );
      expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${url}" />`);
      const data = firstDataOf(res.body);
      expect(data?.session).toMatchObject({ user: { email: alice.email } });
      // The tools she sees are in the answers the browser hydrates from.
      expect(JSON.stringify(data?.queries)).toContain('Voltforge Bench Multimeter');

      // Then a visitor, another site's cookie, or a forged session: everyone's page again.
      for (const headers of [
        {},
        { cookie: 'theme=dark' },
        { cookie: 'better-auth.session_token=forged.value' },
      ]) {
        const again = await request(t.app, { method: 'GET', url, headers });
        expect(again.headers['cache-control']).toBe('no-cache');
        expect(again.body).not.toContain(alice.email);
        expect(textOf(rootOf(again.body))).not.toContain('Alice Ampere');
        expect(textOf(rootOf(again.body))).toContain('Voltforge Bench Multimeter');
      }
    }
  });

  it("renews a session due for it, as the browser's own read would, with the page", async () => {
    const carol = await registerUser(t.app, { name: 'Carol Coulomb' });
    // Five of its seven days left: past the day after which better-auth extends a session.
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(session.userId, carol.id));
    const res = await request(t.app, { method: 'GET', url: '/dashboard/myOrder', as: carol });
    expect(textOf(rootOf(res.body))).toContain('You have no orders yet.');
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=[^;]+;.*Max-Age=604800/i);
  });

  it('serves a visitor the shell, which sends them to sign in, with nothing of anyone in it', async () => {
    for (const url of ['/dashboard', '/dashboard/myOrder', `/dashboard/payment/${aliceOrder}`]) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe('');
      expect(firstDataOf(res.body)).toBeUndefined();
      // What a crawler (which has no session) gets at a private page is kept out of search.
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    // Everyone's pages are for search, and so is a path that is also one of them.
    for (const url of ['/', '/tools', `/tool/${toolId}`, '/about']) {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
    // A cookie that is no session is a visitor too.
    const forged = await request(t.app, {
      method: 'GET',
      url: '/dashboard/myOrder',
      headers: { cookie: 'better-auth.session_token=forged.value' },
    });
    expect(rootOf(forged.body)).toBe('');
  });
});
