import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { InitialData } from '@voltforge/contract/initial-data';
import type { PageMeta } from '@voltforge/contract/page-meta';
import type { ReadAsReader, RenderedPage } from '@voltforge/contract/page-render';
import type { SessionAnswer } from '@voltforge/contract/session-answer';
import {
  BOOT_SCRIPT,
  preparePage,
  renderPageHtml,
  type PageHead,
  type PreparedPage,
} from './page-html.ts';
import { matchPublicPage, type PublicPage } from '@voltforge/contract/public-pages';
import { matchSignedInPage } from '@voltforge/contract/signed-in-pages';
import { renderPageBody, type ServerRenderer } from './server-renderer.ts';

/** A page that reads nothing: its loaders ask for nothing without a reader. */
const readsNothing: ReadAsReader = () => Promise.resolve({});

/** The reader of a signed-in page: see `PageOptions.readerOf`. */
export interface SignedInReader {
  session: SessionAnswer;
  read: ReadAsReader;
  /** Cookies the session's read set (its renewal), sent with the page. */
  setCookie: string[];
}

/** Reading a signed-in page's reader takes no longer than this; past it, the shell is served. */
const READER_TIMEOUT_MS = 3000;

/** Bounds the cache, whatever query strings arrive. */
const RENDERED_MAX_ENTRIES = 200;

export interface PageOptions {
  publicUrl: string;
  /** Public pages that carry no data: their HTML is prepared once, at start. */
  staticPages?: Record<string, PageMeta>;
  /**
   * The head (title, description, canonical path) of a public page that shows data; undefined
   * for any other path. Its data is what its loaders read (`renderer`, `visitorReads`).
   */
  head?: (url: URL) => PageHead | undefined;
  /** The reads of a public page's loaders, made as a visitor from this request's address. */
  visitorReads?: (request: FastifyRequest) => ReadAsReader;
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
  /**
   * The scripts a path's page imports beyond the entry (route-preload.json of the build), and
   * those a page rendered for a signed-in reader imports too (`forReader`).
   */
  preload?: (path: string, forReader?: boolean) => string[];
  /**
   * Renders the static pages and the pages with data on the server; without it (or when it
   * fails) they are served with an empty root, painted by the browser.
   */
  renderer?: ServerRenderer;
  /**
   * Counts a page with data about to be read and rendered for this request's client, and says
   * whether that is within its budget; a page over budget is served without them.
   */
  renderAllowed?: (request: FastifyRequest) => Promise<boolean>;
  /**
   * The reader of a signed-in page (`@voltforge/contract/signed-in-pages`): their session as
   * get-session answers it, and their reads of the API; undefined for a visitor, who is served
   * the shell. Without it, signed-in pages are painted by the browser.
   */
  readerOf?: (request: FastifyRequest) => Promise<SignedInReader | undefined>;
  /**
   * The stylesheets a signed-in page is styled with beyond the entry's (its layout's:
   * route-preload.json of the build), linked in its HTML so it paints styled.
   */
  stylesheets?: (path: string) => string[];
}

/** The public pages with their HTML made from index.html: kept, and made on demand. */
export interface Pages {
  /**
   * A page ready to send at once for this path and URL, if there is one. None for a request with
   * cookies to a page also rendered for its reader: `make` sees whose it is.
   */
  ready(path: string, url: string, cookie: string | undefined): PreparedPage | undefined;
  /**
   * Makes the page at this request's URL; undefined when it is no page of ours to make (the
   * shell is served). Rejects only on an unexpected failure.
   */
  make(path: string, request: FastifyRequest): Promise<PreparedPage | undefined>;
}

/** Everyone's copy of a page that is also rendered for its signed-in reader varies with the cookie. */
const audienceOf = (path: string) => (matchSignedInPage(path) ? 'everyone-else' : 'public');

export function createPages(
  distDir: string,
  template: string,
  security: Readonly<Record<string, string>>,
  opts: PageOptions,
): Pages {
  const bootScript = existsSync(join(distDir, BOOT_SCRIPT)) ? BOOT_SCRIPT : undefined;
  // Static pages are the same for everyone: made once, on their first request (rendering them
  // all at start would slow the start for pages that may not be asked for soon).
  const staticPages = new Map<string, Promise<PreparedPage>>();
  // The same pages once made: the hot path answers from here without awaiting.
  const staticReady = new Map<string, PreparedPage>();
  const staticMeta = new Map(Object.entries(opts.staticPages ?? {}));
  function staticPage(path: string, log: FastifyBaseLogger): Promise<PreparedPage> | undefined {
    const meta = staticMeta.get(path);
    if (!meta) return undefined;
    let made = staticPages.get(path);
    if (!made) {
      made = (async () => {
        // A page not made (a failed render, or a failure making it) is not kept: the next
        // request tries again.
        let kept = false;
        try {
          const rendered = opts.renderer
            ? await renderPageBody(opts.renderer, path, readsNothing, log)
            : undefined;
          const html = renderPageHtml(template, opts.publicUrl, {
            meta,
            canonicalPath: path,
            preload: opts.preload?.(path),
            rendered,
            bootScript,
          });
          const prepared = preparePage(Buffer.from(html), security, 'max', audienceOf(path));
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
    if (!opts.head) return undefined;
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
      made = makeDataPage(key, path, version, request).finally(() => making.delete(makingKey));
      making.set(makingKey, made);
    }
    return made;
  }

  async function makeDataPage(
    key: string,
    path: string,
    version: number,
    request: FastifyRequest,
  ): Promise<PreparedPage | undefined> {
    const head = opts.head?.(new URL(key, 'http://localhost'));
    if (!head) return undefined;
    const now = Date.now();
    let page: RenderedPage | undefined;
    if (opts.renderer && opts.visitorReads) {
      // Everyone's page renders with all it reads, or not at all: a read that does not answer
      // (an unknown tool) serves the shell, and the app shows why.
      const read = opts.visitorReads(request);
      let missed = false;
      page = await renderPageBody(
        opts.renderer,
        key,
        async (reads) => {
          const answers = await read(reads);
          if (reads.some(({ path: asked }) => !Object.hasOwn(answers, asked))) missed = true;
          return answers;
        },
        request.log,
        { renderedAt: now },
      );
      if (missed) return undefined;
    }
    const prepared = preparePage(
      Buffer.from(
        renderPageHtml(template, opts.publicUrl, {
          ...head,
          // When the page was rendered: the browser's first render must use the same "now".
          data:
            page?.queries === undefined ? undefined : { queries: page.queries, renderedAt: now },
          preload: opts.preload?.(path),
          rendered: page,
          bootScript,
        }),
      ),
      security,
      'fast',
      audienceOf(path),
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
  /** A page already rendered with its data, still current; undefined when it must be (re)made. */
  function renderedPage(url: string): PreparedPage | undefined {
    const cached = rendered.get(url);
    return cached && cached.expires > Date.now() && cached.version === catalogueVersion()
      ? cached.page
      : undefined;
  }

  /**
   * A signed-in page rendered for its reader, with the session and answers it was rendered with:
   * never kept (it is theirs alone) and marked private. Undefined for a visitor, a page over the
   * client's render budget or a failed render: the shell is served, and the app paints the page.
   */
  async function signedInPage(
    request: FastifyRequest,
    path: string,
    publicPage: PublicPage | undefined,
  ): Promise<PreparedPage | undefined> {
    if (!opts.renderer || !opts.readerOf || !request.headers.cookie) return undefined;
    const reader = await withinTime(opts.readerOf(request), READER_TIMEOUT_MS);
    if (!reader) return undefined;
    // Counted once there is a reader: a visitor's request to a public page renders nothing here.
    if (opts.renderAllowed && !(await opts.renderAllowed(request))) return undefined;
    // A public page's head is everyone's: the reader's page has it too.
    const head = publicPage ? publicHead(request, path) : undefined;
    if (head === null) return undefined;
    const renderedAt = Date.now();
    const page = await renderPageBody(opts.renderer, request.url, reader.read, request.log, {
      session: reader.session,
      renderedAt,
    });
    if (!page) return undefined;
    const data: InitialData = { session: reader.session, queries: page.queries, renderedAt };
    const html = renderPageHtml(template, opts.publicUrl, {
      data,
      rendered: page,
      bootScript,
      // A page also for everyone has the head everyone's has, and its code listed: fetched
      // alongside the entry.
      ...(publicPage && {
        meta: head?.meta ?? publicPage.meta,
        canonicalPath: head?.canonicalPath ?? path,
      }),
      preload: opts.preload?.(path, true),
      stylesheets: opts.stylesheets?.(path),
    });
    const headers = reader.setCookie.length
      ? { ...security, 'set-cookie': reader.setCookie }
      : security;
    return preparePage(Buffer.from(html), headers, 'fast', 'private');
  }

  /**
   * The head everyone's copy of this public page has (none for a page without data); null when
   * the URL is not the page's own, and everyone's copy is served instead.
   */
  function publicHead(request: FastifyRequest, path: string): PageHead | undefined | null {
    if (!opts.head) return undefined;
    let url: URL;
    try {
      url = new URL(request.url, 'http://localhost');
    } catch {
      return null;
    }
    return url.pathname === path ? opts.head(url) : null;
  }

  return {
    ready: (path, url, cookie) => {
      if (cookie && matchSignedInPage(path)) return undefined;
      return staticReady.get(path) ?? renderedPage(url);
    },
    make: async (path, request) => {
      const signedIn = matchSignedInPage(path);
      if (signedIn) {
        // A page that is also a public page (a tool's) is everyone's copy for anyone else.
        const publicPage = matchPublicPage(path)?.page;
        const page = await signedInPage(request, path, publicPage);
        if (page || !publicPage) return page;
      }
      return staticPage(path, request.log) ?? dataPage(request);
    },
  };
}

/** `promise`'s value, or undefined once `ms` have passed without it (a stuck database, say). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
