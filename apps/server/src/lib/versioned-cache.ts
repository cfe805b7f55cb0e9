export interface VersionedCacheOptions {
  /** Distinct keys kept; the least recently used go first. */
  maxEntries?: number;
  /** A safety net: even without an invalidation a value is rebuilt after this long. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Values rebuilt only after `invalidate` (decision 145). A build that finds nothing (undefined) is not stored. A miss
 * builds the value once however many callers ask at the same moment; a value built while an invalidation happened is
 * returned but never stored, so a stored value is never older than the last invalidation. A value built from data
 * read before the build began (another cache's) passes the `version` taken before that read.
 */
export class VersionedCache<T> {
  private generation = 0;
  private entries = new Map<string, { value: T; storedAt: number }>();
  private building = new Map<string, Promise<T | undefined>>();
  /** Builds under way when their key was invalidated: returned, never stored. */
  private readonly dropped = new WeakSet<Promise<T | undefined>>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: VersionedCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  invalidate() {
    this.generation++;
    this.entries = new Map();
    this.building = new Map();
  }

  /** Forget one key's value, and any value being built for it (an invalidation of one member's entry). */
  invalidateKey(key: string) {
    this.entries.delete(key);
    const pending = this.building.get(key);
    if (pending) this.dropped.add(pending);
    this.building.delete(key);
  }

  /** Forget every value whose key begins with `prefix`, and any being built (one member's entries of many). */
  invalidateKeysStartingWith(prefix: string) {
    for (const key of new Set([...this.entries.keys(), ...this.building.keys()])) {
      if (key.startsWith(prefix)) this.invalidateKey(key);
    }
  }

  get size() {
    return this.entries.size;
  }

  /** Changes with every invalidation: taken before reading what a value will be built from. */
  get version() {
    return this.generation;
  }

  get(key: string, build: () => Promise<T>, since?: number): Promise<T>;
  get(key: string, build: () => Promise<T | undefined>, since?: number): Promise<T | undefined>;
  get(key: string, build: () => Promise<T | undefined>, since = this.generation): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (this.now() - entry.storedAt < this.maxAgeMs) {
        this.entries.set(key, entry); // most recently used last
        return Promise.resolve(entry.value);
      }
    }
    return this.build(key, build, since);
  }

  private build(key: string, build: () => Promise<T | undefined>, generation: number) {
    const pending = this.building.get(key);
    if (pending) return pending;
    const building = this.building;
    const promise = build()
      .then((value) => {
        if (value !== undefined && generation === this.generation && !this.dropped.has(promise)) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { value, storedAt: this.now() });
        }
        return value;
      })
      .finally(() => {
        if (building.get(key) === promise) building.delete(key);
      });
    building.set(key, promise);
    return promise;
  }
}
