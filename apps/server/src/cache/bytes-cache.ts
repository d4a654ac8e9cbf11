/**
 * Byte strings kept by key, at most `maxBytes` of them in all, the least recently read dropped
 * first. Only for values that never change under their key (a content-addressed picture), so
 * nothing is ever forgotten on a change and no change notification is needed (docs/architecture.md
 * §9 is for everything else).
 */
export class BytesCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Read last, dropped last: a Map keeps its keys in the order they were set.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  /** The bytes kept now. */
  size(): number {
    return this.bytes;
  }
}
