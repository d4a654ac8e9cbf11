import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { errorOf } from '../../test/error-body.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
const indexHtml = `<!doctype html><html><head><title>Voltforge</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(
    join(dist, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it.each(['/', '/dashboard', '/tool/123', '/dashboard/payment/abc', '/no/such/page'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await request(t.app, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache life and compresses them', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('compresses API responses', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('keeps unknown API paths as JSON 404s, for every method', async () => {
    const res = await request(t.app, { method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not_found');
  });

  it('sends security headers', async () => {
    const res = await request(t.app, { method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON with a clear 400, not a crash', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
  });
});
