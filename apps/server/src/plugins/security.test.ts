import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';

// The headers the shop has always sent over plain HTTP; working them out once must not change them.
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
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
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
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('security headers behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  it('asks browsers to stay on HTTPS and upgrade insecure requests', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(
      expectedHeaders['content-security-policy'].replace(
        ";frame-src 'self'",
        ";upgrade-insecure-requests;frame-src 'self'",
      ),
    );
  });
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
