import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';

// The headers the shop sends over plain HTTP; working them out once must not change them.
const expectedHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
    "frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline';frame-src 'self';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

describe('security headers over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['an API read', '/api/health'],
    ['an unknown API path (JSON 404)', '/api/no-such-thing'],
    ['the web app', '/tools'],
  ])('sends the same headers on %s', async (_what, url) => {
    const res = await request(t.app, { method: 'GET', url });
    expect(res.headers).toMatchObject(expectedHeaders);
    // Retired (decision 009): headers only browsers and plug-ins that are gone ever read.
    for (const retired of [
      'x-xss-protection',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-dns-prefetch-control',
    ]) {
      expect(res.headers[retired]).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('security headers on answers written whole', () => {
  // Pages and cached answers skip Fastify's send pipeline (prepared-reply.ts); the headers set
  // by the security hook must still go out with them.
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'voltforge-security-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  it.each([
    ['a page', '/about', 200],
    ['a page revalidated', '/about', 304],
    ['a catalogue answer kept from before', '/api/tool?q=drill', 200],
    ['a catalogue answer revalidated', '/api/tool?q=drill', 304],
    ['a hashed file that is not there', '/assets/gone-123.js', 404],
    ['an unknown API path', '/api/nothing-here', 404],
  ])('sends them on %s', async (_what, url, status) => {
    const first = await request(t.app, { method: 'GET', url });
    const res = await request(t.app, {
      method: 'GET',
      url,
      headers: status === 304 ? { 'if-none-match': String(first.headers.etag) } : {},
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(expectedHeaders);
    expect(res.headers['x-xss-protection']).toBeUndefined();
  });

  it('sends them on a method no route answers, and on a static file', async () => {
    const notRouted = await request(t.app, { method: 'DELETE', url: '/about' });
    expect(notRouted.statusCode).toBe(404);
    expect(notRouted.headers).toMatchObject(expectedHeaders);
    const file = await request(t.app, { method: 'GET', url: '/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject(expectedHeaders);
  });
});

describe('security headers behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  it.each(['/api/health', '/api/tool'])(
    'asks browsers to stay on HTTPS and upgrade insecure requests (%s)',
    async (url) => {
      await request(t.app, { method: 'GET', url });
      const res = await request(t.app, { method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toBe(
        expectedHeaders['content-security-policy'].replace(
          ";frame-src 'self'",
          ";upgrade-insecure-requests;frame-src 'self'",
        ),
      );
    },
  );
});

describe('form-action with sign-in and payment providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: 'https://login.example.net/realm/',
      FACEBOOK_CLIENT_ID: 'facebook-id',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
  });
  afterAll(() => t.close());

  it('lets forms reach our origin and exactly those providers, nothing else', async () => {
    const res = await request(t.app, { method: 'GET', url: '/tools' });
    expect(res.headers).toMatchObject({
      ...expectedHeaders,
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;" +
        "form-action 'self' https://login.example.net https://www.facebook.com https://hooks.stripe.com;" +
        "frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';" +
        "script-src 'self' https://js.stripe.com;script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';frame-src 'self' https://js.stripe.com;" +
        "connect-src 'self' https://api.stripe.com",
    });
    const formAction = /form-action ([^;]*)/.exec(String(res.headers['content-security-policy']));
    expect(formAction?.[1]).not.toMatch(/(^|\s)(https?:|\*)(\s|$)/);
  });
});
