/**
 * Sessions read recently, by token, on this instance: a signed-in request then costs no query.
 * Correctness comes from forgetting, not from the TTL: a trigger announces every change to a
 * user's account or sessions on the user channel (db/change-channels.ts), and `forgetUser` drops
 * that user's entries on every instance; the TTL only bounds what a lost notification could leave.
 * A read that raced a change is used for its own request but not kept (the generation check).
 */
export class SessionCache<T extends { id: string }> {
  private readonly entries = new Map<string, { row: T; until: number }>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  private generation = 0;

  constructor(private readonly opts: { ttlMs: number; maxEntries: number }) {}

  get(token: string): T | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.until > Date.now()) return hit.row;
    this.remove(token, hit.row.id);
    return undefined;
  }

  /** The generation to pass to `set` for a read that starts now. */
  mark(): number {
    return this.generation;
  }

  set(token: string, row: T, readAt: number): void {
    if (this.opts.ttlMs <= 0 || readAt !== this.generation) return;
    const old = this.entries.get(token);
    if (old) this.remove(token, old.row.id);
    this.entries.set(token, { row, until: Date.now() + this.opts.ttlMs });
    let tokens = this.tokensByUser.get(row.id);
    if (!tokens) this.tokensByUser.set(row.id, (tokens = new Set()));
    tokens.add(token);
    if (this.entries.size > this.opts.maxEntries) {
      const [oldestToken, oldest] = this.entries.entries().next().value ?? [];
      if (oldestToken !== undefined && oldest) this.remove(oldestToken, oldest.row.id);
    }
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensByUser.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.tokensByUser.clear();
  }

  private remove(token: string, userId: string) {
    this.entries.delete(token);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
