/**
 * At most one pass per key in each `gapMs`, counted in this process: for signals that only say something is going on
 * (a member typing), where a few more across processes do no harm. Past `maxKeys` the longest-unused key is forgotten.
 */
export class KeyedThrottle {
  private readonly passed = new Map<string, number>();

  constructor(
    private readonly gapMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  pass(key: string, now: number): boolean {
    const last = this.passed.get(key);
    if (last !== undefined && now - last < this.gapMs) return false;
    // Deleted first so the key moves to the end of the Map's order: the first key is then the longest unused.
    this.passed.delete(key);
    this.passed.set(key, now);
    if (this.passed.size > this.maxKeys) this.passed.delete(this.passed.keys().next().value!);
    return true;
  }
}
