import type { Clock } from './clock';

/** A fixed window: at most `max` hits per key in each `windowMs`, windows aligned to the app clock. */
export interface WindowLimit {
  /** Names the counter in a shared store; two limits with one name share their counts. */
  name: string;
  max: number;
  windowMs: number;
}

export interface Hit {
  allowed: boolean;
  /** Hits in this window so far, this one included. */
  count: number;
  msBeforeReset: number;
}

export interface WindowCounter {
  hit(key: string): Promise<Hit>;
}

export interface LimitStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  counter(limit: WindowLimit): WindowCounter;
  /**
   * For hot paths: claims `lease` hits at a time from the shared store and spends them from memory. All processes
   * together never pass `max`; a process may hold up to `lease - 1` unspent hits, so with P processes a key can be
   * refused up to (P - 1)·(lease - 1) hits early. `count` is 1 only for the key's first hit in the window anywhere.
   */
  leasedCounter(limit: WindowLimit, lease: number): WindowCounter;
  /** Hits counted through the shared store, those it refuses from memory included (0 in memory): for tests, benches. */
  readonly writes: number;
  /** Statements (round trips) those hits took: on PostgreSQL the hits queued meanwhile share one. */
  readonly statements: number;
  /**
   * Resolves once the store can count (Redis connected), or after a few seconds without it: until then hits are
   * counted per process, so the app waits for it before it serves.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Keys tracked per window by a memory counter; past it new keys are refused until the window turns. */
export const MAX_MEMORY_KEYS = 200_000;

/**
 * Per process, in memory: the single-process SQLite mode, and the fallback of a shared store that fails.
 * A hit costs a Map lookup.
 */
export function memoryLimitStore(clock: Clock): LimitStore {
  return {
    kind: 'memory',
    counter: (limit) => memoryCounter(clock, limit),
    leasedCounter: (limit) => memoryCounter(clock, limit),
    writes: 0,
    statements: 0,
    ready: async () => {},
    close: async () => {},
  };
}

function memoryCounter(clock: Clock, limit: WindowLimit): WindowCounter & { hitNow(key: string): Hit } {
  let window = -1;
  let counts = new Map<string, number>();
  const hitNow = (key: string): Hit => {
    const now = clock.now();
    const w = Math.floor(now / limit.windowMs);
    if (w !== window) {
      window = w;
      counts = new Map();
    }
    const msBeforeReset = (w + 1) * limit.windowMs - now;
    const seen = counts.get(key);
    if (seen === undefined && counts.size >= MAX_MEMORY_KEYS)
      return { allowed: false, count: limit.max + 1, msBeforeReset };
    // Counting stops just past the limit, which is all a caller can learn.
    const count = Math.min((seen ?? 0) + 1, limit.max + 1);
    counts.set(key, count);
    return { allowed: count <= limit.max, count, msBeforeReset };
  };
  return { hitNow, hit: async (key) => hitNow(key) };
}
