import { networkKeyOf } from './client-address';
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

/** At most `max` distinct members per key in a window (visitor ids per address); the set only grows in a window. */
export interface DistinctLimit {
  /**
   * Whether the member is one of the key's: true again for a member admitted earlier in the window, in any process,
   * and false again for one refused, since the full set it met stays full until the window turns.
   */
  admit(key: string, member: string): Promise<boolean>;
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
  /** One answer per member for every process: the store adds it and counts the set in one step. */
  distinct(limit: WindowLimit): DistinctLimit;
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

/** How many times the allowance of one address a whole IPv6 /48 gets under a per-address limit (decision 221). */
export const NETWORK_ALLOWANCE = 8;

/**
 * A limit per client address (`clientAddressKey`). An IPv6 client is counted under its /48 as well as its /64, the
 * /48 first and with NETWORK_ALLOWANCE times the allowance: a /48 past it is refused before its /64 is counted, so one
 * /48 adds at most NETWORK_ALLOWANCE · max + 1 keys to a window however many of its 65,536 /64s it sends from, and
 * cannot fill a memory counter's window (decision 221). Any other key (IPv4, a member's id) is counted once.
 */
export function perAddressCounter(
  limit: WindowLimit,
  counterFor: (limit: WindowLimit) => WindowCounter,
): WindowCounter {
  const address = counterFor(limit);
  const network = counterFor({ ...limit, name: `${limit.name}/48`, max: limit.max * NETWORK_ALLOWANCE });
  return {
    async hit(key) {
      const net = networkKeyOf(key);
      if (net !== null) {
        const hit = await network.hit(net);
        if (!hit.allowed) return { allowed: false, count: limit.max + 1, msBeforeReset: hit.msBeforeReset };
      }
      return address.hit(key);
    },
  };
}

/** `perAddressCounter`'s rule for a set of members: an IPv6 /48 holds NETWORK_ALLOWANCE times an address's members. */
export function perAddressDistinct(
  limit: WindowLimit,
  distinctFor: (limit: WindowLimit) => DistinctLimit,
): DistinctLimit {
  const address = distinctFor(limit);
  const network = distinctFor({ ...limit, name: `${limit.name}/48`, max: limit.max * NETWORK_ALLOWANCE });
  return {
    async admit(key, member) {
      const net = networkKeyOf(key);
      if (net !== null && !(await network.admit(net, member))) return false;
      return address.admit(key, member);
    },
  };
}

/**
 * Per process, in memory: the single-process SQLite mode, and the fallback of a shared store that fails.
 * A hit costs a Map lookup. `maxKeys` is lowered only by tests, which cannot send 200,000 requests quickly.
 */
export function memoryLimitStore(clock: Clock, maxKeys = MAX_MEMORY_KEYS): LimitStore {
  return {
    kind: 'memory',
    counter: (limit) => memoryCounter(clock, limit, maxKeys),
    leasedCounter: (limit) => memoryCounter(clock, limit, maxKeys),
    distinct: (limit) => memoryDistinct(clock, limit, maxKeys),
    writes: 0,
    statements: 0,
    ready: async () => {},
    close: async () => {},
  };
}

function memoryCounter(
  clock: Clock,
  limit: WindowLimit,
  maxKeys: number,
): WindowCounter & { hitNow(key: string): Hit } {
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
    if (seen === undefined && counts.size >= maxKeys) return { allowed: false, count: limit.max + 1, msBeforeReset };
    // Counting stops just past the limit, which is all a caller can learn.
    const count = Math.min((seen ?? 0) + 1, limit.max + 1);
    counts.set(key, count);
    return { allowed: count <= limit.max, count, msBeforeReset };
  };
  return { hitNow, hit: async (key) => hitNow(key) };
}

/** Members per key in memory, at most `maxKeys` members a window in all: past it new members are refused. */
export function memoryDistinct(clock: Clock, limit: WindowLimit, maxKeys = MAX_MEMORY_KEYS): DistinctLimit {
  let window = -1;
  let sets = new Map<string, Set<string>>();
  let members = 0;
  return {
    async admit(key, member) {
      const w = Math.floor(clock.now() / limit.windowMs);
      if (w !== window) {
        window = w;
        sets = new Map();
        members = 0;
      }
      const set = sets.get(key);
      if (set?.has(member)) return true;
      if ((set?.size ?? 0) >= limit.max || members >= maxKeys) return false;
      if (set) set.add(member);
      else sets.set(key, new Set([member]));
      members++;
      return true;
    },
  };
}
