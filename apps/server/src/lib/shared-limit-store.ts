import { hash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import {
  MAX_MEMORY_KEYS,
  memoryDistinct,
  memoryLimitStore,
  type DistinctLimit,
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
/** Adds the member to the key's set if it is in it already or the set has room, in one step: whether it is in it. */
export type AdmitMember = (key: string, member: string) => Promise<boolean>;

/** What a shared store brings: its two writes, made per limit and kept `durationSec`, and its life cycle. */
export interface SharedStoreParts {
  kind: 'postgres' | 'redis';
  adder: (limit: WindowLimit, durationSec: number) => AddPoints;
  admitter: (limit: WindowLimit, durationSec: number) => AdmitMember;
  close: () => Promise<void>;
  ready?: () => Promise<void>;
  /** Round trips the writes took, when several writes share one. */
  statements?: () => number;
}

/**
 * Counts kept where every server process sees them: PostgreSQL's `rate_limits` table, or Redis. The window is
 * chosen by the app clock and is part of the key, so a window turns at the same moment in every process; the
 * store's own expiry only clears old keys. If the store fails, the hit is counted in this process's memory instead
 * (and logged), so an outage of the store never stops requests.
 */
export function sharedLimitStore(parts: SharedStoreParts, clock: Clock, log: FastifyBaseLogger): LimitStore {
  const { kind, statements } = parts;
  const fallback = memoryLimitStore(clock);
  let lastWarning = 0;
  let writes = 0;
  const failed = (err: unknown, limit: WindowLimit) => {
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      log.error({ err, limit: limit.name }, `rate limits: the ${kind} store failed; counting in memory`);
    }
  };
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
      failed(err, limit);
      return null;
    }
  };
  const durationOf = (limit: WindowLimit) => Math.ceil(limit.windowMs / 1000) + 60;
  const adderFor = (limit: WindowLimit) => parts.adder(limit, durationOf(limit));
  /** One hit counted in the store, or in this process's memory (`local`) while the store fails. */
  const hitInStore = async (add: AddPoints, local: WindowCounter, limit: WindowLimit, key: string): Promise<Hit> => {
    const { w, msBeforeReset } = window(limit);
    const res = await consume(add, limit, storeKey(key, w), 1);
    if (res === null) return local.hit(key);
    return { allowed: !res.refused, count: res.count, msBeforeReset };
  };
  return {
    kind,
    close: parts.close,
    ready: parts.ready ?? (async () => {}),
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
    distinct(limit) {
      const admit = parts.admitter(limit, durationOf(limit));
      const local = memoryDistinct(clock, limit);
      return answeredOnce(limit, clock, async (key, member, w) => {
        writes++;
        try {
          return { admitted: await admit(storeKey(key, w), storeMember(member)), stored: true };
        } catch (err) {
          failed(err, limit);
          return { admitted: await local.admit(key, member), stored: false };
        }
      });
    },
  };
}

/** Long members are hashed as long keys are: the PostgreSQL column holds 255 characters. */
const storeMember = (member: string) => (member.length > 120 ? hash('sha256', member, 'base64url') : member);

/**
 * A distinct limit that asks its store once per key and member in each window: the answer cannot change in the window
 * (the set only grows), so it is kept in memory, for up to MAX_MEMORY_KEYS members, and asks for one member at once
 * share one write. An answer counted in memory while the store failed is not kept: the next one asks the store.
 */
function answeredOnce(
  limit: WindowLimit,
  clock: Clock,
  ask: (key: string, member: string, w: number) => Promise<{ admitted: boolean; stored: boolean }>,
): DistinctLimit {
  let current = -1;
  let answers = new Map<string, boolean>();
  const asking = new Map<string, Promise<{ admitted: boolean; stored: boolean }>>();
  return {
    async admit(key, member) {
      const w = Math.floor(clock.now() / limit.windowMs);
      if (w !== current) {
        current = w;
        answers = new Map();
      }
      const id = `${key}\n${member}`;
      const known = answers.get(id);
      if (known !== undefined) return known;
      const askId = `${w}\n${id}`;
      let pending = asking.get(askId);
      if (!pending) {
        pending = ask(key, member, w).finally(() => asking.delete(askId));
        asking.set(askId, pending);
      }
      const { admitted, stored } = await pending;
      if (stored && w === current && answers.size < MAX_MEMORY_KEYS) answers.set(id, admitted);
      return admitted;
    },
  };
}
