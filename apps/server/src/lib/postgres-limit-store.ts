import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import type { Clock } from './clock';
import { PostgresLimitBatches } from './postgres-limit-batches';
import { PostgresLimitMembers } from './postgres-limit-members';
import { MAX_MEMORY_KEYS, type LimitStore, type WindowLimit } from './rate-limits';
import { sharedLimitStore, type AddPoints, type AdmitMember } from './shared-limit-store';

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
  const members = new PostgresLimitMembers(handle.db);
  const admitter = (limit: WindowLimit, durationSec: number): AdmitMember => {
    return (key, member) => members.admit(`${limit.name}:${key}`, member, limit.max, Date.now() + durationSec * 1000);
  };
  const close = async () => batches.stopCleaning();
  return sharedLimitStore(
    { kind: 'postgres', adder: make, admitter, close, statements: () => batches.statements + members.statements },
    clock,
    log,
  );
}
