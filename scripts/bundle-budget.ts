import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { chunkStartingAt, staticClosure, type LinkedChunk } from './chunk-graph.ts';

/**
 * Fails `vite build` when the JavaScript a visitor downloads grows past its budget, so a
 * regression is caught by the build itself rather than by a slower Lighthouse run. Sizes are
 * gzip at zlib's default level of the files as written (Vite's own report, compressed by
 * Rolldown, prints about 1% more).
 *
 * - entry: the entry chunk, with the chunks it loads on every page as soon as it has run
 *   (`withEntry`: React DOM, evaluated in a task of its own) and their static imports.
 * - home page: the entry, everything it imports statically, plus the chunks the home page loads
 *   after it (named by `homePageModules`: a module each, e.g. the home route's page component)
 *   with their own static imports.
 * - stylesheet: the entry's CSS, the one stylesheet every page loads before its first paint.
 * - without: packages that the listed pages must not load with their code (their static imports);
 *   zod, whose forms fetch it on first use (apps/web/src/lib/forms/lazy-resolver.ts).
 */
export interface BundleBudget {
  entryKb: number;
  stylesheetKb: number;
  homePageKb: number;
  /** Module ids (matched by how they end) whose chunks the home page loads lazily. */
  homePageModules: string[];
  /** Module ids whose chunks the entry imports on every page as soon as it has run. */
  withEntry?: readonly string[];
  /** These pages' chunks, with their static imports, hold nothing of these packages. */
  without?: { packages: string[]; pageModules: string[] };
}

interface Chunk extends LinkedChunk {
  moduleIds: string[];
  code: string;
  viteMetadata?: { importedCss: Set<string> };
}

/** A file the build wrote that is not a chunk (a stylesheet, an image). */
interface Asset {
  fileName: string;
  source: string | Uint8Array;
}

const kb = (bytes: number) => bytes / 1000;
const format = (bytes: number) => `${kb(bytes).toFixed(2)} kB`;

export function checkBudget(chunks: Chunk[], assets: Asset[], budget: BundleBudget): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry);
  if (entries.length !== 1) {
    return [`bundle budget: expected one entry chunk, found ${entries.length}`];
  }
  const entry = entries[0]!;
  const gzipSize = new Map<Chunk, number>();
  const sizeOf = (chunk: Chunk) => {
    let size = gzipSize.get(chunk);
    if (size === undefined) {
      size = gzipSync(chunk.code).length;
      gzipSize.set(chunk, size);
    }
    return size;
  };

  const problems: string[] = [];
  const homePage = staticClosure(entry, byName);
  const entryChunks = new Set([entry]);
  for (const moduleId of budget.withEntry ?? []) {
    const chunk = chunkStartingAt(chunks, moduleId);
    if (!chunk) {
      problems.push(`bundle budget: no chunk starts at "${moduleId}"; update withEntry`);
      continue;
    }
    for (const c of staticClosure(chunk, byName)) {
      if (!homePage.has(c)) entryChunks.add(c);
      homePage.add(c);
    }
  }
  for (const moduleId of budget.homePageModules) {
    const chunk =
      chunkStartingAt(chunks, moduleId) ??
      chunks.find((c) => c.moduleIds.some((id) => id.includes(moduleId)));
    if (!chunk) {
      problems.push(`bundle budget: no chunk holds "${moduleId}"; update homePageModules`);
      continue;
    }
    for (const c of staticClosure(chunk, byName)) homePage.add(c);
  }

  for (const moduleId of budget.without?.pageModules ?? []) {
    const chunk = chunkStartingAt(chunks, moduleId);
    if (!chunk) {
      problems.push(`bundle budget: no chunk starts at "${moduleId}"; update without.pageModules`);
      continue;
    }
    for (const name of budget.without?.packages ?? []) {
      const holder = [...staticClosure(chunk, byName)].find((c) =>
        c.moduleIds.some((id) => id.includes(`/node_modules/${name}/`)),
      );
      if (holder) {
        problems.push(
          `bundle budget: ${moduleId} loads ${name} with its code (in ${holder.fileName}); import it where it is used, on first use`,
        );
      }
    }
  }

  const entryCss = [...(entry.viteMetadata?.importedCss ?? [])];
  const stylesheets = assets.filter((a) => entryCss.includes(a.fileName));
  if (stylesheets.length === 0) return ['bundle budget: the entry chunk imports no stylesheet'];
  const stylesheetSize = stylesheets.reduce((sum, a) => sum + gzipSync(a.source).length, 0);
  if (kb(stylesheetSize) > budget.stylesheetKb) {
    problems.push(
      `bundle budget: the stylesheet every page loads (${entryCss.join(', ')}) is ${format(stylesheetSize)} gzip, over its ${budget.stylesheetKb} kB limit`,
    );
  }

  const entrySize = [...entryChunks].reduce((sum, c) => sum + sizeOf(c), 0);
  const homeSize = [...homePage].reduce((sum, c) => sum + sizeOf(c), 0);
  console.warn(
    `bundle budget: entry ${format(entrySize)} gzip (limit ${budget.entryKb} kB), ` +
      `home page ${format(homeSize)} gzip in ${homePage.size} chunks (limit ${budget.homePageKb} kB), ` +
      `stylesheet ${format(stylesheetSize)} gzip (limit ${budget.stylesheetKb} kB)`,
  );
  if (kb(entrySize) > budget.entryKb) {
    problems.push(
      `bundle budget: the entry (${[...entryChunks].map((c) => c.fileName).join(', ')}) is ${format(entrySize)} gzip, over its ${budget.entryKb} kB limit`,
    );
  }
  if (kb(homeSize) > budget.homePageKb) {
    const list = [...homePage].map((c) => `${c.fileName} ${format(sizeOf(c))}`).join(', ');
    problems.push(
      `bundle budget: the home page loads ${format(homeSize)} of JavaScript gzip, over its ${budget.homePageKb} kB limit (${list})`,
    );
  }
  return problems;
}

export function bundleBudget(budget: BundleBudget): Plugin {
  return {
    name: 'voltforge-bundle-budget',
    // What browsers download: the server renderer's build (`--ssr`) is not sent to them.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After every other plugin has rewritten the chunks: the sizes are those of the files written.
    enforce: 'post',
    writeBundle(_options, bundle) {
      const chunks: Chunk[] = [];
      const assets: Asset[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push(output);
        else assets.push(output);
      }
      const problems = checkBudget(chunks, assets, budget);
      if (problems.length > 0) this.error(problems.join('\n'));
    },
  };
}
