import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { documentTitle, type PageMeta } from '@voltforge/contract/page-meta';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@voltforge/contract/initial-data';
import { importWithScopedAsyncStorage } from '../async-storage.ts';
import { notFound } from '../http-error.ts';
import {
  chooseEncoding,
  compressBody,
  writeVariant,
  type Encoding,
  type PreparedVariant,
} from './prepared-reply.ts';

/** index.html as every SPA route answers it: read and compressed once, at start. */
export interface PreparedPage {
  variants: Record<Encoding, PreparedVariant>;
  etags: Set<string>;
}

/**
 * `securityHeaders`: the app's (security.ts), which a page writes itself (the page route has no
 * hook to set them). `effort`: see `compressBody`; pages rendered per request use `'fast'`.
 */
export function preparePage(
  html: Buffer,
  securityHeaders: Readonly<Record<string, string>>,
  effort: 'max' | 'fast' = 'max',
): PreparedPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  // Each encoding is different bytes, so each gets its own strong ETag.
  const variant = (encoding: Encoding, body: Buffer, etag: string): PreparedVariant => {
    const notModified = {
      ...securityHeaders,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      etag,
    };
    return {
      body,
      etag,
      notModified,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        ...notModified,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': body.length,
      },
    };
  };
  const variants: Record<Encoding, PreparedVariant> = {
    identity: variant('identity', html, `"${hash}"`),
    br: variant('br', compressBody(html, 'br', effort), `"${hash}-br"`),
    gzip: variant('gzip', compressBody(html, 'gzip', effort), `"${hash}-gz"`),
  };
  return { variants, etags: new Set(Object.values(variants).map((v) => v.etag)) };
}

function sendPage(page: PreparedPage, request: FastifyRequest, reply: FastifyReply): void {
  const variant = page.variants[chooseEncoding(request.headers['accept-encoding'])];
  writeVariant(request, reply, variant, (tag) => page.etags.has(tag));
}

/** What one page's served HTML says about it beyond index.html. */
export interface PageHead {
  meta: PageMeta;
  /** Path (and query, where it picks the content) that search engines should index. */
  canonicalPath: string;
  /** The page's first data, embedded as JSON for the app to start from. */
  data?: unknown;
  /** Script URLs the page will import: preloaded so they download alongside the entry. */
  preload?: string[];
  /** The page's HTML as the app renders it (server rendering). */
  rendered?: RenderedPage;
  /** With `rendered`: the script that starts the app's entry after the first paint. */
  bootScript?: string;
}

/** The web build's boot script (apps/web/public/boot.js): see `PageHead.bootScript`. */
export const BOOT_SCRIPT = '/boot.js';

/** A page rendered on the server: `head` goes into the document's head, `body` into `#root`. */
export interface RenderedPage {
  head: string;
  body: string;
}

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built into dist/ssr/): a page's
 * HTML from its URL and first data, as the browser's first render makes it.
 */
export interface ServerRenderer {
  render(
    url: string,
    data: InitialData | undefined,
    options?: { signal?: AbortSignal },
  ): Promise<RenderedPage>;
}

/** Where the web build puts the server renderer, relative to its dist directory. */
export const SERVER_RENDERER_FILE = join('ssr', 'entry-server.js');

/**
 * The server renderer of the web build in `distDir`, loaded on its first render rather than at
 * start (its module takes about 55 ms of CPU to load; the start of the server is kept under
 * 1.5 s). Undefined (logged) when the build has none: the pages are then served as before,
 * painted by the browser. A module that does not load fails each render, which serves the page
 * without its HTML and logs why.
 */
export function serverRendererOf(
  distDir: string,
  log: FastifyBaseLogger,
): ServerRenderer | undefined {
  const file = join(distDir, SERVER_RENDERER_FILE);
  if (!existsSync(file)) {
    if (existsSync(join(distDir, 'index.html'))) {
      log.warn({ file }, 'the web build has no server renderer: pages are painted by the browser');
    }
    return undefined;
  }
  let loaded: Promise<ServerRenderer['render']> | undefined;
  const load = () =>
    (loaded ??= importWithScopedAsyncStorage(
      () => import(pathToFileURL(file).href) as Promise<Partial<ServerRenderer>>,
    ).then((module) => {
      if (typeof module.render !== 'function') {
        throw new Error(`the server renderer ${file} exports no render function`);
      }
      return module.render.bind(module);
    }));
  return { render: async (url, data, options) => (await load())(url, data, options) };
}

/** A render that takes longer than this is given up, and the page served without it. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * The page's HTML from the renderer, undefined (logged) when rendering fails or times out. The
 * data goes through JSON first: the browser renders from the JSON in the page, so the server
 * must render from exactly that (dates as strings).
 */
async function renderBody(
  renderer: ServerRenderer,
  url: string,
  data: InitialData | undefined,
  log: FastifyBaseLogger,
): Promise<RenderedPage | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('server rendering timed out')),
    RENDER_TIMEOUT_MS,
  );
  try {
    const asJson =
      data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as InitialData);
    return await renderer.render(url, asJson, { signal: controller.signal });
  } catch (error) {
    log.error({ err: error, url }, 'server rendering failed: serving the page without it');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON inside a `<script>` element: `<` is escaped so no value (a tool name containing
 * `</script>` or `<!--`) can end the element early; JSON.parse reads `\u003c` back as `<`.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html with the page's title, description, canonical link and first data. */
export function renderPageHtml(template: string, publicUrl: string, head: PageHead): string {
  const title = `<title>${escapeHtml(documentTitle(head.meta.title))}</title>`;
  const canonical = `<link rel="canonical" href="${escapeHtml(publicUrl + head.canonicalPath)}" />`;
  const description = `<meta name="description" content="${escapeHtml(head.meta.description)}" />`;
  let html = template
    .replace(/<meta\s+name="description"[^>]*>/, () => description)
    .replace(/<title>[^<]*<\/title>/, () =>
      // What the rendered page hoists (its main image's preload) comes before the scripts and
      // the stylesheet, so the image is asked for first.
      [title, canonical, head.rendered?.head].filter(Boolean).join('\n    '),
    );
  if (head.rendered && head.bootScript) {
    // A page rendered on the server is readable before its code arrives: the boot script starts
    // the app's entry once the page has painted, so neither the entry nor its chunks are fetched
    // alongside the stylesheet and the page's main image that the first paint needs.
    const bootScript = head.bootScript;
    html = html
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/,
        (_tag, entry: string) =>
          `<script type="module" src="${escapeHtml(bootScript)}" data-app="${escapeHtml(entry)}"></script>`,
      );
  } else if (head.preload?.length) {
    const links = head.preload.map(
      (url) => `<link rel="modulepreload" href="${escapeHtml(url)}" />`,
    );
    html = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  }
  // The app's own HTML is React's output, every value in it escaped by React.
  const root = `<div id="root">${head.rendered?.body ?? ''}</div>`;

  if (head.data !== undefined) {
    const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptSafeJson(head.data)}</script>`;
    html = html.replace('<div id="root"></div>', () => `${script}\n    ${root}`);
  } else {
    html = html.replace('<div id="root"></div>', () => root);
  }
  return html;
}

/** Bounds the cache, whatever query strings arrive. */
const RENDERED_MAX_ENTRIES = 200;

interface WebOptions {
  distDir: string;
  publicUrl: string;
  /** Public pages that carry no data: their HTML is prepared once, at start. */
  staticPages?: Record<string, PageMeta>;
  /** The head and first data of a page that shows data; undefined for any other path. */
  firstPaint?: (url: URL) => Promise<PageHead | undefined>;
  /**
   * The URL a page with data is read and rendered for: URLs with the same key get the same page,
   * so a query string the page does not read (`?utm_source=…`) costs no read and no render.
   * Without it, every distinct URL is a page of its own.
   */
  pageKey?: (url: URL) => string;
  /**
   * The catalogue's version and how long catalogue data may be reused: a page rendered with data
   * is reused only while neither has moved on, so a new tool or a new stock level shows at once.
   */
  catalogue?: { version: () => number; ttlMs: number };
  /** The scripts a path's page imports beyond the entry (route-preload.json of the build). */
  preload?: (path: string) => string[];
  /**
   * Renders the static pages and the pages with data on the server; without it (or when it
   * fails) they are served with an empty root, painted by the browser from their first data.
   */
  renderer?: ServerRenderer;
  /**
   * Counts a page with data about to be read and rendered for this request's client, and says
   * whether that is within its budget; a page over budget is served without them.
   */
  renderAllowed?: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is never cached so a
 * deploy takes effect at once, but it answers a revalidation with 304. Every client route gets
 * the same index.html, so it is read and compressed once at start and served from memory: the
 * hot path does no file system work. Unknown /api paths are JSON 404s.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    const assetsDir = join(opts.distDir, 'assets');
    const cacheControl = (path: string) =>
      path.startsWith(assetsDir)
        ? 'public, max-age=31536000, immutable'
        : path.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600';
    const indexFile = join(opts.distDir, 'index.html');
    const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    const security = app.securityHeaders;
    const page = template === undefined ? undefined : preparePage(Buffer.from(template), security);
    const bootScript = existsSync(join(opts.distDir, BOOT_SCRIPT)) ? BOOT_SCRIPT : undefined;
    // Static pages are the same for everyone: made once, on their first request (rendering them
    // all at start would slow the start for pages that may not be asked for soon).
    const staticPages = new Map<string, Promise<PreparedPage>>();
    // The same pages once made: the hot path answers from here without awaiting.
    const staticReady = new Map<string, PreparedPage>();
    const staticMeta = new Map(Object.entries(opts.staticPages ?? {}));
    function staticPage(path: string, log: FastifyBaseLogger): Promise<PreparedPage> | undefined {
      const meta = staticMeta.get(path);
      if (template === undefined || !meta) return undefined;
      let made = staticPages.get(path);
      if (!made) {
        made = (async () => {
          // A page not made (a failed render, or a failure making it) is not kept: the next
          // request tries again.
          let kept = false;
          try {
            const rendered = opts.renderer
              ? await renderBody(opts.renderer, path, undefined, log)
              : undefined;
            const html = renderPageHtml(template, opts.publicUrl, {
              meta,
              canonicalPath: path,
              preload: opts.preload?.(path),
              rendered,
              bootScript,
            });
            const prepared = preparePage(Buffer.from(html), security);
            // A failed render is served without its HTML this time.
            kept = opts.renderer === undefined || rendered !== undefined;
            if (kept) staticReady.set(path, prepared);
            return prepared;
          } finally {
            if (!kept) staticPages.delete(path);
          }
        })();
        staticPages.set(path, made);
      }
      return made;
    }
    const rendered = new Map<string, { page: PreparedPage; expires: number; version: number }>();
    const catalogueVersion = () => opts.catalogue?.version() ?? 0;

    // Pages being made, by catalogue version and key: the requests for one page arriving
    // meanwhile wait for it, unless the catalogue has changed since it was begun (a request
    // after a write never gets a page read before it).
    const making = new Map<string, Promise<PreparedPage | undefined>>();

    // async: a failure here rejects, and the route serves the shell.
    async function dataPage(request: FastifyRequest): Promise<PreparedPage | undefined> {
      if (!template || !opts.firstPaint) return undefined;
      const path = request.url.split('?')[0] ?? '/';
      let url: URL;
      try {
        url = new URL(request.url, 'http://localhost');
      } catch {
        return undefined;
      }
      // A path the URL parser reads otherwise (`//tools`) is no page of ours to render.
      if (url.pathname !== path) return undefined;
      const key = opts.pageKey ? opts.pageKey(url) : request.url;
      const ready = renderedPage(key);
      if (ready) return ready;
      const version = catalogueVersion();
      const makingKey = `${version} ${key}`;
      const begun = making.get(makingKey);
      if (begun) return begun;
      // A page to make costs a read and a render: within the client's budget only. Over it, the
      // app paints the page from the API, whose own limit then applies.
      if (opts.renderAllowed && !(await opts.renderAllowed(request))) {
        // The path only: a query (a search) stays out of the logs (docs/security.md, V16.2).
        request.log.debug({ path }, 'page render budget spent: serving the page without it');
        return undefined;
      }
      let made = making.get(makingKey);
      if (!made) {
        made = makeDataPage(key, version, request.log).finally(() => making.delete(makingKey));
        making.set(makingKey, made);
      }
      return made;
    }

    async function makeDataPage(
      key: string,
      version: number,
      log: FastifyBaseLogger,
    ): Promise<PreparedPage | undefined> {
      const firstPaint = opts.firstPaint;
      if (!template || !firstPaint) return undefined;
      const now = Date.now();
      let head: PageHead | undefined;
      try {
        head = await firstPaint(new URL(key, 'http://localhost'));
      } catch (error) {
        // The page still works without its first data: the app fetches it as usual.
        log.error({ err: error }, 'could not read the first data of a page');
        return undefined;
      }
      if (!head) return undefined;
      const preload = opts.preload?.(key.split('?')[0] ?? '/');
      // When the page was rendered: the browser's first render must use the same "now".
      const data =
        opts.renderer && head.data !== undefined
          ? { ...(head.data as InitialData), renderedAt: now }
          : head.data;
      const page = opts.renderer
        ? await renderBody(opts.renderer, key, data as InitialData | undefined, log)
        : undefined;
      const prepared = preparePage(
        Buffer.from(
          renderPageHtml(template, opts.publicUrl, {
            ...head,
            data,
            preload,
            rendered: page,
            bootScript,
          }),
        ),
        security,
        'fast',
      );
      // Oldest first (a Map keeps insertion order): drop the expired, then make room.
      for (const [k, v] of rendered) {
        if (v.expires <= now || rendered.size >= RENDERED_MAX_ENTRIES) rendered.delete(k);
      }
      const ttlMs = opts.catalogue?.ttlMs ?? 0;
      if (ttlMs > 0 && version === catalogueVersion()) {
        rendered.set(key, { page: prepared, expires: now + ttlMs, version });
      }
      return prepared;
    }
    if (page) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The server renderer's build is the server's code, not the browser's.
        allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
        setHeaders: (res, path) => {
          res.header('cache-control', cacheControl(path));
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web build not found: run `npm run build`');
    }

    /** A page already rendered with its data, still current; undefined when it must be (re)made. */
    function renderedPage(url: string): PreparedPage | undefined {
      const cached = rendered.get(url);
      return cached && cached.expires > Date.now() && cached.version === catalogueVersion()
        ? cached.page
        : undefined;
    }

    const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

    // Every client route is one GET route (a static file is a more specific route and wins), so a
    // page costs no not-found handling, no compression hooks and no security-header hook: its
    // bytes and all its headers are ready. Its other answers set the security headers here.
    app.get(
      '/*',
      { schema: { hide: true }, compress: false, config: { writesSecurityHeaders: true } },
      (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '/';
        const ready = staticReady.get(path) ?? renderedPage(request.url);
        if (ready) return sendPage(ready, request, reply);
        const isAsset = path.startsWith('/assets/');
        if (page && !isAsset && !isApi(path)) {
          const made = staticPage(path, request.log) ?? dataPage(request);
          return made.then(
            (prepared) => sendPage(prepared ?? page, request, reply),
            // Whatever goes wrong making a page, the app still works from the browser's shell.
            (error: unknown) => {
              request.log.error({ err: error, path }, 'could not make the page: serving the shell');
              sendPage(page, request, reply);
            },
          );
        }
        void reply.headers(security);
        if (isApi(path)) throw notFound(`No API route ${request.method} ${path}.`);
        // A hashed file that is not there (an old build's chunk) must fail as a file, not parse
        // as HTML; no-store, so it is asked for again after a deploy.
        if (isAsset) {
          void reply.header('cache-control', 'no-store');
          throw notFound(`No file ${path}.`);
        }
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet. Run `npm run build`, then reload.');
      },
    );

    app.setNotFoundHandler(async (request, reply) => {
      void reply.headers(security);
      const path = request.url.split('?')[0] ?? '/';
      if (isApi(path)) throw notFound(`No API route ${request.method} ${path}.`);
      throw notFound(`Cannot ${request.method} ${path}.`);
    });
  },
  { name: 'web' },
);
