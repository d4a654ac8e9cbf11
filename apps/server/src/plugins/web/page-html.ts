import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INITIAL_DATA_ELEMENT_ID } from '@voltforge/contract/initial-data';
import { documentTitle, type PageMeta } from '@voltforge/contract/page-meta';
import type { RenderedPage } from '@voltforge/contract/page-render';
import {
  chooseEncoding,
  compressBody,
  writeVariant,
  type Encoding,
  type PreparedVariant,
} from '../prepared-reply.ts';

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
  securityHeaders: Readonly<OutgoingHttpHeaders>,
  effort: 'max' | 'fast' = 'max',
  /**
   * `private`: the page is one reader's (it shows their data): no shared cache may keep it.
   * `everyone-else`: everyone's copy of a page a signed-in reader is sent their own of; it varies
   * with the cookie, so a shared cache never answers them with it.
   */
  audience: 'public' | 'private' | 'everyone-else' = 'public',
): PreparedPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  // Each encoding is different bytes, so each gets its own strong ETag.
  const variant = (encoding: Encoding, body: Buffer, etag: string): PreparedVariant => {
    const notModified = {
      ...securityHeaders,
      'cache-control': audience === 'private' ? 'private, no-store' : 'no-cache',
      vary: audience === 'public' ? 'accept-encoding' : 'accept-encoding, cookie',
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

export function sendPage(page: PreparedPage, request: FastifyRequest, reply: FastifyReply): void {
  const variant = page.variants[chooseEncoding(request.headers['accept-encoding'])];
  writeVariant(request, reply, variant, (tag) => page.etags.has(tag));
}

/** What one page's served HTML says about it beyond index.html. */
export interface PageHead {
  /** Undefined: index.html's own (a signed-in page sets its title once it runs). */
  meta?: PageMeta;
  /** Path (and query, where it picks the content) that search engines should index. */
  canonicalPath?: string;
  /** The page's first data, embedded as JSON for the app to start from. */
  data?: unknown;
  /** Script URLs the page will import: preloaded so they download alongside the entry. */
  preload?: string[];
  /**
   * The page's stylesheets in place of index.html's (a signed-in page's: the whole shop's, of
   * which a visitor's is a part), so the browser styles its first paint with one sheet, not two.
   * index.html's stay listed, `disabled` (not fetched): the app's code asks for index.css with the
   * first chunk it loads that depends on the entry, and Vite's preload helper adds a sheet only
   * when no `<link>` in the page has its URL. Added, it restyled the whole page after the first
   * paint and came after the whole shop's, reversing their order (e2e/server-rendering.spec.ts).
   */
  stylesheets?: string[];
  /** The page's HTML as the app renders it (server rendering). */
  rendered?: RenderedPage;
  /** With `rendered`: the script that starts the app's entry after the first paint. */
  bootScript?: string;
}

/** The web build's boot script (built from apps/web/src/boot/ into dist/boot.js): see `PageHead.bootScript`. */
export const BOOT_SCRIPT = '/boot.js';

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
  const { meta, canonicalPath } = head;
  let html = template;
  if (meta) {
    const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    html = html.replace(/<meta\s+name="description"[^>]*>/, () => description);
  }
  html = html.replace(/<title>[^<]*<\/title>/, (templateTitle) =>
    // What the rendered page hoists (its main image's preload) comes before the scripts and
    // the stylesheet, so the image is asked for first.
    [
      meta ? `<title>${escapeHtml(documentTitle(meta.title))}</title>` : templateTitle,
      canonicalPath === undefined
        ? undefined
        : `<link rel="canonical" href="${escapeHtml(publicUrl + canonicalPath)}" />`,
      head.rendered?.head,
    ]
      .filter(Boolean)
      .join('\n    '),
  );
  if (head.stylesheets?.length) {
    const links = head.stylesheets.map(
      (url) => `<link rel="stylesheet" href="${escapeHtml(url)}" />`,
    );
    html = html
      .replace(/<link rel="stylesheet"[^>]*(?=>)/g, (link) => `${link} disabled`)
      .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  }
  if (head.rendered && head.bootScript) {
    // A page rendered on the server is readable before its code arrives: the boot script starts
    // the app's entry once the page has painted, so neither the entry nor its chunks are fetched
    // alongside the stylesheet and the page's main image that the first paint needs. It then
    // preloads, with the entry, the chunks index.html preloads and the page's own.
    const bootScript = head.bootScript;
    const code = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map(
      (link) => link[1]!,
    );
    const preload = [...new Set([...code, ...(head.preload ?? [])])].join(' ');
    html = html
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/,
        (_tag, entry: string) =>
          `<script type="module" src="${escapeHtml(bootScript)}" data-app="${escapeHtml(entry)}"` +
          (preload ? ` data-preload="${escapeHtml(preload)}"` : '') +
          '></script>',
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
