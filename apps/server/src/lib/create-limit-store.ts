import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import type { Clock } from './clock';
import { postgresLimitStore } from './postgres-limit-store';
import { memoryLimitStore, type LimitStore } from './rate-limits';
import { redisLimitStore } from './redis-limit-store';

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
