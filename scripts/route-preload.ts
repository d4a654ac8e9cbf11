import type { Plugin } from 'vite';

/**
 * Writes `route-preload.json` into the build: for each route pattern, the URLs of the JavaScript
 * its page needs beyond the entry (the page's chunk and the chunks it imports statically). The
 * server puts them into the page's HTML as `<link rel="modulepreload">`, so the browser fetches
 * the page's code alongside the entry instead of after the entry has run and asked for it.
 */
export interface RoutePreload {
  /** Route pattern (`/tool/:id`) → the page module, matched by how its id ends. */
  routes: Record<string, string>;
}

export const ROUTE_PRELOAD_FILE = 'route-preload.json';

interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
}

function staticClosure(start: Chunk, byName: Map<string, Chunk>): Chunk[] {
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...seen];
}

/** Pattern → asset URLs, page chunk first; errors name a module that has no chunk. */
export function routePreloads(
  chunks: Chunk[],
  options: RoutePreload,
  base = '/',
): { preloads: Record<string, string[]>; problems: string[] } {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = new Set(entry ? staticClosure(entry, byName) : []);
  const preloads: Record<string, string[]> = {};
  const problems: string[] = [];
  for (const [pattern, moduleId] of Object.entries(options.routes)) {
    const chunk = chunks.find((c) => !c.isEntry && c.facadeModuleId?.endsWith(moduleId));
    if (!chunk) {
      problems.push(`route preload: no chunk starts at "${moduleId}" (route ${pattern})`);
      continue;
    }
    preloads[pattern] = staticClosure(chunk, byName)
      .filter((c) => !inEntry.has(c))
      .map((c) => base + c.fileName);
  }
  return { preloads, problems };
}

export function routePreload(options: RoutePreload): Plugin {
  let base = '/';
  return {
    name: 'voltforge-route-preload',
    // The browser's build only: the server renderer's build (`--ssr`) has no pages to preload.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks: Chunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push(output);
      }
      const { preloads, problems } = routePreloads(chunks, options, base);
      if (problems.length > 0) this.error(problems.join('\n'));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOAD_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
