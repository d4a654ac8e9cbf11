import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { chunkStartingAt, staticClosure, type LinkedChunk } from './chunk-graph.ts';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * Writes `route-preload.json` into the build: for each page (by its route pattern), the URLs of
 * the code its modules (its layout, the page) need beyond the entry: their chunks, the chunks they
 * import statically, and the stylesheets those import. The server puts them into a page's HTML
 * (`<link rel="modulepreload">`, `<link rel="stylesheet">`), so the browser fetches the page's code
 * alongside the entry instead of after the entry has run and asked for it.
 */
export interface RoutePreload {
  /**
   * Each page's modules (`src/features/home/home-page.tsx`, matched by how a chunk's module id
   * ends), by the name the server asks for (the page's route pattern).
   */
  pages: Readonly<Record<string, readonly string[]>>;
  /**
   * Modules the entry imports on every page as soon as it has run (React DOM, evaluated in a task
   * of its own after the app: src/main.tsx). Their code is preloaded by index.html with the
   * entry's, and is not repeated in a page's list.
   */
  withEntry?: readonly string[];
}

export const ROUTE_PRELOAD_FILE = 'route-preload.json';

interface Chunk extends LinkedChunk {
  /** Vite's: the stylesheets the chunk imports. */
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Page → asset URLs, its modules' chunks first, stylesheets last, each once; errors name a module
 * with no chunk.
 */
export function routePreloads(
  chunks: Chunk[],
  options: RoutePreload,
  base = '/',
): { preloads: Record<string, string[]>; withEntry: string[]; problems: string[] } {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = entry ? staticClosure(entry, byName) : new Set<Chunk>();
  const preloads: Record<string, string[]> = {};
  const problems: string[] = [];
  const withEntry: string[] = [];
  for (const moduleId of options.withEntry ?? []) {
    const chunk = chunkStartingAt(chunks, moduleId);
    if (!chunk) {
      problems.push(`route preload: no chunk starts at "${moduleId}"`);
      continue;
    }
    for (const c of staticClosure(chunk, byName)) {
      if (inEntry.has(c)) continue;
      inEntry.add(c);
      withEntry.push(base + c.fileName);
    }
  }
  const entryCss = new Set([...inEntry].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  for (const [page, moduleIds] of Object.entries(options.pages)) {
    const closure = new Set<Chunk>();
    for (const moduleId of moduleIds) {
      const chunk = chunkStartingAt(chunks, moduleId);
      if (!chunk) {
        problems.push(`route preload: no chunk starts at "${moduleId}"`);
        continue;
      }
      for (const c of staticClosure(chunk, byName)) if (!inEntry.has(c)) closure.add(c);
    }
    const css = new Set([...closure].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
    preloads[page] = [
      ...[...closure].map((c) => base + c.fileName),
      ...[...css].filter((file) => !entryCss.has(file)).map((file) => base + file),
    ];
  }
  return { preloads, withEntry, problems };
}

export function routePreload(options: RoutePreload): Plugin {
  let base = '/';
  const chunksOf = (bundle: OutputBundle) =>
    Object.values(bundle).filter((output) => output.type === 'chunk');
  return {
    name: 'voltforge-route-preload',
    // The browser's build only: the server renderer's build (`--ssr`) has no pages to preload.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const { preloads, problems } = routePreloads(chunksOf(bundle), options, base);
      if (problems.length > 0) this.error(problems.join('\n'));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOAD_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
    // After Vite's own (the entry and its static imports), as those are: the server moves them
    // all to the boot script of a page it renders (docs/decisions/007-server-rendering.md).
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        (bundle ? routePreloads(chunksOf(bundle), options, base).withEntry : []).map((href) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href },
          injectTo: 'head',
        })),
    },
  };
}
