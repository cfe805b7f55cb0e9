import { hash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type * as Flexible from 'rate-limiter-flexible';
import { lazyModule } from './lazy-module';
import { PostgresLimitBatches } from './postgres-limit-batches';
import type { DatabaseHandle } from '../db/database';
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

/** How long the app waits for Redis before it serves anyway, counting in memory until Redis answers. */
export const REDIS_READY_TIMEOUT_MS = 5_000;

// Loaded only by a shared store: one SQLite process never needs them.
const flexible = lazyModule<typeof Flexible>('rate-limiter-flexible');
const ioredis = lazyModule<typeof IORedis>('ioredis');

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

/** Store keys stay short (the PostgreSQL column holds 255): long ones are hashed. */
const storeKey = (key: string, window: number) =>
  `${key.length > 120 ? hash('sha256', key, 'base64url') : key}:${window}`;

/** Adds points to a key's count in a shared store: the count after, and whether the store refused the key. */
type AddPoints = (key: string, points: number) => Promise<{ count: number; refused: boolean }>;

/**
 * Counts kept where every server process sees them: PostgreSQL's `rate_limits` table, or Redis. The window is
 * chosen by the app clock and is part of the key, so a window turns at the same moment in every process; the
 * store's own expiry only clears old keys. If the store fails, the hit is counted in this process's memory instead
 * (and logged), so an outage of the store never stops requests.
 */
function sharedLimitStore(
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
      return {
        async hit(key) {
          const { w, msBeforeReset } = window(limit);
          const res = await consume(add, limit, storeKey(key, w), 1);
          if (res === null) return local.hit(key);
          return { allowed: !res.refused, count: res.count, msBeforeReset };
        },
      };
    },
    leasedCounter(limit, lease) {
      const add = adderFor(limit);
      const local = fallback.counter(limit);
      // This window's leases per key: hits left, the store count they end at, and whether the store is used up.
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

/** Shared through PostgreSQL (the `rate_limits` table, reached through the app's own pool), hits sent in batches. */
export function postgresLimitStore(handle: DatabaseHandle, clock: Clock, log: FastifyBaseLogger): LimitStore {
  const batches = new PostgresLimitBatches(handle.db, () => Date.now());
  batches.startCleaning();
  const make = (limit: WindowLimit, durationSec: number): AddPoints => {
    // A key over its limit is refused from memory until its row expires, without asking the store again.
    const refusedUntil = new Map<string, number>();
    return async (key, points) => {
      const now = Date.now();
      const until = refusedUntil.get(key);
      if (until !== undefined && until > now) return { count: limit.max + points, refused: true };
      const count = await batches.add(`${limit.name}:${key}`, points, now + durationSec * 1000);
      if (count <= limit.max) return { count, refused: false };
      if (refusedUntil.size >= MAX_MEMORY_KEYS) refusedUntil.clear();
      refusedUntil.set(key, now + durationSec * 1000);
      return { count, refused: true };
    };
  };
  const close = async () => batches.stopCleaning();
  return sharedLimitStore('postgres', make, clock, log, close, undefined, () => batches.statements);
}

/** Shared through Redis (REDIS_URL). */
export function redisLimitStore(url: string, clock: Clock, log: FastifyBaseLogger, prefix = 'accountry'): LimitStore {
  // No offline queue: while Redis is away a hit fails at once and is counted in memory.
  const redis = new (ioredis().Redis)(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (err) => log.warn({ err: err.message }, 'rate limits: Redis connection error'));
  const make = (limit: WindowLimit, duration: number): AddPoints => {
    const limiter = new (flexible().RateLimiterRedis)({
      storeClient: redis,
      keyPrefix: `${prefix}:${limit.name}`,
      points: limit.max,
      duration,
      // A key over its limit is refused from memory until its window ends, without asking the store.
      inMemoryBlockOnConsumed: limit.max + 1,
    });
    return async (key, points) => {
      try {
        return { count: (await limiter.consume(key, points)).consumedPoints, refused: false };
      } catch (err) {
        // Refused: the count it reached, or 0 when refused from memory.
        if (err instanceof flexible().RateLimiterRes)
          return { count: err.consumedPoints || limit.max + points, refused: true };
        throw err;
      }
    };
  };
  const ready = () =>
    new Promise<void>((resolve) => {
      if (redis.status === 'ready') return resolve();
      const connected = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        redis.off('ready', connected);
        log.warn({}, 'rate limits: Redis not ready; counting in memory until it answers');
        resolve();
      }, REDIS_READY_TIMEOUT_MS);
      timer.unref();
      redis.once('ready', connected);
    });
  return sharedLimitStore(
    'redis',
    make,
    clock,
    log,
    async () => {
      redis.disconnect();
    },
    ready,
  );
}

/** Redis when configured, else PostgreSQL when that is the database, else memory (one SQLite process). */
export function createLimitStore(
  handle: DatabaseHandle,
  clock: Clock,
  log: FastifyBaseLogger,
  redis?: { url: string; prefix: string },
): LimitStore {
  if (redis) return redisLimitStore(redis.url, clock, log, redis.prefix);
  if (handle.engine === 'postgres') return postgresLimitStore(handle, clock, log);
  return memoryLimitStore(clock);
}
