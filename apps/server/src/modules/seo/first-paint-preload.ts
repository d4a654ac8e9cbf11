import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNED_IN_FRAME } from '@voltforge/contract/page-render';
import { matchPublicPage } from '@voltforge/contract/public-pages';
import { matchSignedInPage } from '@voltforge/contract/signed-in-pages';

/** Written by the web build (scripts/route-preload.ts): page → the URLs of its code. */
const ROUTE_PRELOAD_FILE = 'route-preload.json';

/**
 * The code a page the server renders needs beyond the entry, by the page's route pattern (or
 * `SIGNED_IN_FRAME`), for its HTML to preload: the browser then fetches the page's code alongside
 * the entry instead of after the entry has run. A page the build did not list (or a build without
 * the list) has none.
 */
export function pageCode(distDir: string): (page: string) => string[] {
  const file = join(distDir, ROUTE_PRELOAD_FILE);
  if (!existsSync(file)) return () => [];
  const table = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>).map(
      ([page, urls]) => [page, urls.filter((url) => url.startsWith('/') && !url.startsWith('//'))],
    ),
  );
  return (page) => table.get(page) ?? [];
}

/** The route pattern of a page the server renders at `path`: a public page, or a signed-in one. */
const patternOf = (path: string) => matchPublicPage(path)?.page.path ?? matchSignedInPage(path);

/**
 * The scripts of the page at `path`, from `pageCode`: a public page's, or a signed-in page's (its
 * HTML is only ever its reader's); none for any other path. Rendered for a signed-in reader
 * (`forReader`), also the frame's signed-in parts.
 */
export function routePreloads(
  code: (page: string) => string[],
): (path: string, forReader?: boolean) => string[] {
  return (path, forReader = false) => {
    const pattern = patternOf(path);
    if (!pattern) return [];
    const frame = forReader ? code(SIGNED_IN_FRAME) : [];
    return [...new Set([...code(pattern), ...frame])].filter((url) => url.endsWith('.js'));
  };
}

/** The stylesheets of the signed-in page at `path` beyond the entry's, from `pageCode`. */
export function pageStylesheets(code: (page: string) => string[]): (path: string) => string[] {
  return (path) => {
    const pattern = matchSignedInPage(path);
    return pattern ? code(pattern).filter((url) => url.endsWith('.css')) : [];
  };
}
