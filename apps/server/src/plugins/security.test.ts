import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';

// The headers the shop has always sent over plain HTTP; working them out once must not change them.
const expectedHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https: http:;" +
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
