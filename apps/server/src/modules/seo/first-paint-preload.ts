import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPublicPage } from '@voltforge/contract/public-pages';
import { matchSignedInPage, signedInFrameModules } from '@voltforge/contract/signed-in-pages';

/** Written by the web build (scripts/route-preload.ts): module → the URLs of its code. */
const ROUTE_PRELOAD_FILE = 'route-preload.json';

/**
 * The code a page's modules need beyond the entry, for its HTML to preload: the browser then
 * fetches the page's code alongside the entry instead of after the entry has run. Each URL once,
 * in the modules' order; a module the build did not list (or a build without the list) adds
 * nothing.
 */
export function modulePreloads(distDir: string): (modules: readonly string[]) => string[] {
  const file = join(distDir, ROUTE_PRELOAD_FILE);
  if (!existsSync(file)) return () => [];
  const table = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>).map(
      ([module, urls]) => [
        module,
        urls.filter((url) => url.startsWith('/') && !url.startsWith('//')),
      ],
    ),
  );
  return (modules) => [...new Set(modules.flatMap((module) => table.get(module) ?? []))];
}

/**
 * The scripts of the page at `path`, from `modulePreloads`: a public page's, or a signed-in
 * page's (its HTML is only ever its reader's); none for any other path. Rendered for a signed-in
 * reader (`forReader`), also the frame's signed-in parts.
 */
export function routePreloads(
  preloads: (modules: readonly string[]) => string[],
): (path: string, forReader?: boolean) => string[] {
  return (path, forReader = false) => {
    const publicPage = matchPublicPage(path)?.page;
    const modules = publicPage ? [publicPage.module] : (matchSignedInPage(path)?.modules ?? []);
    const frame = forReader && modules.length > 0 ? signedInFrameModules : [];
    return preloads([...modules, ...frame]).filter((url) => url.endsWith('.js'));
  };
}
