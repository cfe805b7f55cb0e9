import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type * as Flexible from 'rate-limiter-flexible';
import type { Clock } from './clock';
import { lazyModule } from './lazy-module';
import type { LimitStore, WindowLimit } from './rate-limits';
import { sharedLimitStore, type AddPoints, type AdmitMember } from './shared-limit-store';

/** How long the app waits for Redis before it serves anyway, counting in memory until Redis answers. */
export const REDIS_READY_TIMEOUT_MS = 5_000;

// A set per key: the member is in it, or it is added while the set has room; one script, so one step for Redis.
const ADMIT_MEMBER = `if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// Loaded only by the Redis store: one SQLite process never needs them.
const flexible = lazyModule<typeof Flexible>('rate-limiter-flexible');
const ioredis = lazyModule<typeof IORedis>('ioredis');

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
  const admitter = (limit: WindowLimit, duration: number): AdmitMember => {
    return async (key, member) =>
      (await redis.eval(ADMIT_MEMBER, 1, `${prefix}:${limit.name}:${key}`, member, limit.max, duration * 1000)) === 1;
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
  const close = async () => {
    redis.disconnect();
  };
  return sharedLimitStore({ kind: 'redis', adder: make, admitter, close, ready }, clock, log);
}
