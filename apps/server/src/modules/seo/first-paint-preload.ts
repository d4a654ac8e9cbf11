import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the web build (scripts/route-preload.ts): route pattern → its page's chunk URLs. */
const ROUTE_PRELOAD_FILE = 'route-preload.json';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The JavaScript a page needs beyond the entry, for its HTML to preload: the browser then fetches
 * the page's code alongside the entry instead of after the entry has run. Paths without a route
 * in the build's list (and a build without the list) preload nothing.
 */
export function routePreloads(distDir: string): (path: string) => string[] {
  const file = join(distDir, ROUTE_PRELOAD_FILE);
  if (!existsSync(file)) return () => [];
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const routes = Object.entries(table).map(([pattern, urls]) => ({
    match: new RegExp(
      `^${pattern
        .split(/:[^/]+/)
        .map(escapeRegExp)
        .join('[^/]+')}$`,
    ),
    urls: urls.filter((url) => url.startsWith('/') && !url.startsWith('//')),
  }));
  return (path) => routes.find((route) => route.match.test(path))?.urls ?? [];
}
