import type { Plugin } from 'vite';
import { staticClosure, type LinkedChunk } from './chunk-graph.ts';

/*
 * What a dynamic import preloads (docs/performance.md, "Preloads"): Vite lists, for every page's
 * import() in the entry, each chunk the page's code needs, including the chunks the entry itself
 * imports statically (React, the JSX runtime, Rolldown's runtime...). Those are loaded and run
 * before the entry's code can call import(), so preloading them does nothing, yet their numbers
 * were written into every page's list in the entry: about 40 pages × 5 numbers that every visitor
 * downloaded. This drops them: a list names only what may still be missing.
 */

/**
 * The plugin, which reads the bundle as it is written (before Vite writes the lists), and the
 * `build.modulePreload.resolveDependencies` that filters each list with it.
 */
export function preloadOnlyMissing(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostId: string }) => string[];
} {
  let byName = new Map<string, LinkedChunk>();
  const loaded = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'voltforge-preload-only-missing',
      apply: 'build',
      enforce: 'pre',
      generateBundle(_options, bundle) {
        byName = new Map(
          Object.values(bundle).flatMap((out) =>
            out.type === 'chunk' ? [[out.fileName, out]] : [],
          ),
        );
        loaded.clear();
      },
    },
    resolveDependencies(_file, deps, { hostId }) {
      const host = byName.get(hostId);
      if (!host) return deps;
      let withHost = loaded.get(hostId);
      if (!withHost) {
        withHost = new Set([...staticClosure(host, byName)].map((c) => c.fileName));
        loaded.set(hostId, withHost);
      }
      return deps.filter((dep) => !withHost.has(dep));
    },
  };
}
