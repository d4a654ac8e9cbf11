/**
 * Values kept by key for a while, each under a tag (the catalogue, or one user's id), oldest
 * dropped first beyond `maxEntries`. Correctness comes from forgetting, not from the TTL:
 * `forget(tag)` runs when a notification says the tag's data changed, and the TTL only bounds
 * what a lost notification could leave (docs/architecture.md, "Caches and change notifications").
 *
 * A read that raced a change must not be kept: take `version()` before the read and pass it to
 * `set`, which keeps the value only if nothing was forgotten meanwhile.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, { value: V; tag: string; until: number }>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private generation = 0;

  constructor(
    private readonly opts: { ttlMs: number; maxEntries: number; canKeep?: () => boolean },
  ) {}

  /** Moves whenever anything is forgotten. */
  version(): number {
    return this.generation;
  }

  /** The value kept under `key`, if still within its TTL (it becomes the most recently used). */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.until <= Date.now()) {
      this.untag(key, hit.tag);
      return undefined;
    }
    this.entries.set(key, hit);
    return hit.value;
  }

  /**
   * Keeps `value` unless caching is off, something was forgotten since `readAt`, or `canKeep`
   * says changes cannot be heard of now; says which.
   */
  set(key: string, tag: string, value: V, readAt: number): boolean {
    if (this.opts.ttlMs <= 0 || readAt !== this.generation) return false;
    if (this.opts.canKeep && !this.opts.canKeep()) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old.tag);
    this.entries.set(key, { value, tag, until: Date.now() + this.opts.ttlMs });
    let keys = this.keysByTag.get(tag);
    if (!keys) this.keysByTag.set(tag, (keys = new Set()));
    keys.add(key);
    if (this.entries.size > this.opts.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value ?? [];
      if (oldestKey !== undefined && oldest) this.remove(oldestKey, oldest.tag);
    }
    return true;
  }

  /** Drops every value under `tag`. */
  forget(tag: string): void {
    this.generation += 1;
    for (const key of this.keysByTag.get(tag) ?? []) this.entries.delete(key);
    this.keysByTag.delete(tag);
  }

  /** Drops everything. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByTag.clear();
  }

  private remove(key: string, tag: string) {
    this.entries.delete(key);
    this.untag(key, tag);
  }

  private untag(key: string, tag: string) {
    const keys = this.keysByTag.get(tag);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByTag.delete(tag);
  }
}
