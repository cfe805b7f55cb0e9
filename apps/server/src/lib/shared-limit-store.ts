import { hash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import {
  MAX_MEMORY_KEYS,
  memoryLimitStore,
  type Hit,
  type LimitStore,
  type WindowCounter,
  type WindowLimit,
} from './rate-limits';

/** Store keys stay short (the PostgreSQL column holds 255): long ones are hashed. */
const storeKey = (key: string, window: number) =>
  `${key.length > 120 ? hash('sha256', key, 'base64url') : key}:${window}`;

/** Adds points to a key's count in a shared store: the count after, and whether the store refused the key. */
export type AddPoints = (key: string, points: number) => Promise<{ count: number; refused: boolean }>;

/**
 * Counts kept where every server process sees them: PostgreSQL's `rate_limits` table, or Redis. The window is
 * chosen by the app clock and is part of the key, so a window turns at the same moment in every process; the
 * store's own expiry only clears old keys. If the store fails, the hit is counted in this process's memory instead
 * (and logged), so an outage of the store never stops requests.
 */
export function sharedLimitStore(
  kind: 'postgres' | 'redis',
  make: (limit: WindowLimit, durationSec: number) => AddPoints,
  clock: Clock,
  log: FastifyBaseLogger,
  close: () => Promise<void>,
  ready: () => Promise<void> = async () => {},
  statements?: () => number,
): LimitStore {
  const fallback = memoryLimitStore(clock);
  let lastWarning = 0;
  let writes = 0;
  const window = (limit: WindowLimit) => {
    const now = clock.now();
    const w = Math.floor(now / limit.windowMs);
    return { w, msBeforeReset: (w + 1) * limit.windowMs - now };
  };
  /** The count after adding points and whether the store refused, or null when the store failed. */
  const consume = async (add: AddPoints, limit: WindowLimit, key: string, points: number) => {
    writes++;
    try {
      return await add(key, points);
    } catch (err) {
      if (Date.now() - lastWarning > 10_000) {
        lastWarning = Date.now();
        log.error({ err, limit: limit.name }, `rate limits: the ${kind} store failed; counting in memory`);
      }
      return null;
    }
  };
  const adderFor = (limit: WindowLimit) => make(limit, Math.ceil(limit.windowMs / 1000) + 60);
  /** One hit counted in the store, or in this process's memory (`local`) while the store fails. */
  const hitInStore = async (add: AddPoints, local: WindowCounter, limit: WindowLimit, key: string): Promise<Hit> => {
    const { w, msBeforeReset } = window(limit);
    const res = await consume(add, limit, storeKey(key, w), 1);
    if (res === null) return local.hit(key);
    return { allowed: !res.refused, count: res.count, msBeforeReset };
  };
  return {
    kind,
    close,
    ready,
    get writes() {
      return writes;
    },
    get statements() {
      return statements ? statements() : writes;
    },
    counter(limit) {
      const add = adderFor(limit);
      const local = fallback.counter(limit);
      return { hit: (key) => hitInStore(add, local, limit, key) };
    },
    leasedCounter(limit, lease) {
      const add = adderFor(limit);
      const local = fallback.counter(limit);
      // This window's leases per key, for at most MAX_MEMORY_KEYS keys: hits left, the store count they end at, and
      // whether the store is used up.
      let current = -1;
      let leases = new Map<string, { left: number; top: number; last: boolean }>();
      const claims = new Map<string, Promise<boolean>>();
      const claim = async (key: string, w: number) => {
        const res = await consume(add, limit, storeKey(key, w), lease);
        if (res === null) return false;
        const count = res.count;
        // This claim holds the store's counts (count - lease, count]; only those up to max are hits to spend.
        const granted = Math.max(0, Math.min(lease, limit.max - (count - lease)));
        if (w === current) leases.set(key, { left: granted, top: count - lease + granted, last: count >= limit.max });
        return true;
      };
      return {
        async hit(key) {
          for (;;) {
            const { w, msBeforeReset } = window(limit);
            if (w !== current) {
              current = w;
              leases = new Map();
            }
            const held = leases.get(key);
            if (held && held.left > 0) {
              held.left -= 1;
              return { allowed: true, count: held.top - held.left, msBeforeReset };
            }
            // The store's count only grows in a window: once a claim reached max, nobody has more to hand out.
            if (held?.last) return { allowed: false, count: limit.max + 1, msBeforeReset };
            // No room for another key's lease this window: it counts in the store hit by hit, so a flood of keys
            // costs statements, not memory, and refuses nobody (decision 221).
            if (!held && leases.size >= MAX_MEMORY_KEYS) return hitInStore(add, local, limit, key);
            // Concurrent hits on one key share one claim.
            let pending = claims.get(key);
            if (!pending) {
              pending = claim(key, w).finally(() => claims.delete(key));
              claims.set(key, pending);
            }
            if (!(await pending)) return local.hit(key);
          }
        },
      };
    },
  };
}
