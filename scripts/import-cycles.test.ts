import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No import cycle in the shop's three source trees, between files (type imports included: a
 * cycle of types is a cycle of meaning), nor between the server's module folders
 * (docs/architecture.md, "Layers and the one-way import rules"). ESLint's layer rule holds the
 * order of layers and of module folders; this holds what a layer rule cannot see, a loop inside
 * one layer. Tests are left out: they may reach anything.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const trees = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The files of the tree that `file` imports by a relative path. */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? match[2]!);
    const candidates = [target, `${target}.ts`, `${target}.tsx`].map((c) =>
      c.replace(/\.js$/, '.ts'),
    );
    const hit = candidates.find((c) => known.has(c));
    if (hit) found.push(hit);
  }
  return found;
}

/** Every cycle of the graph, each as the path that closes it (Tarjan's strongly connected parts). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) parts.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return parts;
}

describe('import cycles', () => {
  for (const tree of trees) {
    it(`none between the files of ${tree}`, () => {
      const files = sourceFiles(join(root, tree));
      const known = new Set(files);
      const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
      const cycles = cyclesOf(graph).map((part) => part.map((f) => relative(root, f)));
      expect(cycles).toEqual([]);
    });
  }

  it('none between the module folders of apps/server/src/modules', () => {
    const modules = join(root, 'apps/server/src/modules');
    const files = sourceFiles(join(root, 'apps/server/src'));
    const known = new Set(files);
    const folderOf = (file: string) => {
      const inside = relative(modules, file);
      return inside.startsWith('..') ? null : inside.split('/')[0]!;
    };
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const from = folderOf(file);
      if (!from) continue;
      const to = importsOf(file, known)
        .map(folderOf)
        .filter((f): f is string => f !== null && f !== from);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
    }
    expect(cyclesOf(graph)).toEqual([]);
  });
});
