import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { errorOf } from '../../test/error-body.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'voltforge-dist-'));
/** A script the web build wrote with its .br and .gz beside it (scripts/precompress.ts). */
const builtScript = `console.log(${JSON.stringify(Array.from({ length: 600 }, (_, i) => (i * 7919) % 1000))});`;
/** Compressed as the build does it, not as a per-request compression would (Brotli 4, gzip 6). */
const builtBr = brotliCompressSync(builtScript);
const builtGz = gzipSync(builtScript, { level: 1 });
const indexHtml = `<!doctype html><html><head><title>Voltforge</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', 'page-def456.js'), builtScript);
  writeFileSync(join(dist, 'assets', 'page-def456.js.br'), builtBr);
  writeFileSync(join(dist, 'assets', 'page-def456.js.gz'), builtGz);
  // One without them.
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

  it.each([
    [
      'br, gzip',
      'br',
      builtBr,
      brotliCompressSync(builtScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    ],
    ['gzip', 'gzip', builtGz, gzipSync(builtScript)],
  ])(
    'sends Accept-Encoding %s the %s file the build wrote, not one compressed again',
    async (accept, encoding, written, perRequest) => {
      // The test tells the two apart only if they differ.
      expect(written.equals(perRequest)).toBe(false);
      const res = await request(t.app, {
        method: 'GET',
        url: '/assets/page-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.rawPayload.equals(written)).toBe(true);
    },
  );

  it('sends a client that accepts no encoding the plain file', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/assets/page-def456.js',
      headers: { 'accept-encoding': '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(builtScript);
  });

  it('serves hashed assets with a long cache life and compresses one the build did not', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the page (a stale tab asking for an old chunk)', async () => {
    const res = await request(t.app, { method: 'GET', url: '/assets/app-gone999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
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

describe('index.html from memory', () => {
  // A page with no data of its own (those carry theirs: web-first-paint.test.ts).
  const spa = mkdtempSync(join(tmpdir(), 'voltforge-spa-'));
  const html = `<!doctype html><html><head><title>Voltforge</title></head><body><div id="root"></div>${'<p>catalogue</p>'.repeat(50)}</body></html>`;
  let s: TestApp;
  beforeAll(async () => {
    writeFileSync(join(spa, 'index.html'), html);
    s = await createTestApp({ WEB_DIST_DIR: spa });
  });
  afterAll(() => s.close());

  it.each([
    ['br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['br, gzip', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip, deflate', 'gzip', (b: Buffer) => gunzipSync(b)],
    ['br;q=0, gzip', 'gzip', (b: Buffer) => gunzipSync(b)],
  ])('sends Accept-Encoding %s the %s body', async (accept, encoding, decode) => {
    const res = await request(s.app, {
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res.rawPayload).toString()).toBe(html);
  });

  it('sends the plain page to a client that accepts no encoding', async () => {
    const res = await request(s.app, {
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': '' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(html);
  });

  it('answers a matching If-None-Match with 304 and no body, for every encoding', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const first = await request(s.app, {
        method: 'GET',
        url: '/dashboard',
        headers: { 'accept-encoding': accept },
      });
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await request(s.app, {
        method: 'GET',
        url: '/myOrder',
        headers: { 'accept-encoding': accept, 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
  });

  it('keeps the shell out of search at a path that is no public page, and only there', async () => {
    for (const url of ['/dashboard', '/cart', '/no-such-page']) {
      const res = await request(s.app, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
    for (const url of ['/', '/about', '/tools', '/login']) {
      const res = await request(s.app, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('sends the page again when the ETag is stale', async () => {
    const res = await request(s.app, {
      method: 'GET',
      url: '/dashboard',
      headers: { 'if-none-match': '"an-old-deploy"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps serving the page it read at start, without touching the disk per request', async () => {
    writeFileSync(join(spa, 'index.html'), '<!doctype html><p>changed on disk</p>');
    const res = await request(s.app, { method: 'GET', url: '/dashboard' });
    expect(res.body).toBe(html);
  });
});
