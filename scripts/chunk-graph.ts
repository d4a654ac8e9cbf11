/** What the build's checks read of a chunk Rolldown wrote (bundle-budget.ts, route-preload.ts). */
export interface LinkedChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
}

/** The chunk plus every chunk it imports statically, directly or through another. */
export function staticClosure<C extends LinkedChunk>(start: C, byName: Map<string, C>): Set<C> {
  const seen = new Set<C>();
  const visit = (chunk: C) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return seen;
}

/** The chunk, other than the entry, that starts at the module (matched by how its id ends). */
export function chunkStartingAt<C extends LinkedChunk>(
  chunks: readonly C[],
  moduleId: string,
): C | undefined {
  return chunks.find((c) => !c.isEntry && c.facadeModuleId?.endsWith(moduleId));
}
