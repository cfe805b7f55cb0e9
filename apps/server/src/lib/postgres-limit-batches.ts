import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';
import { prepareOnServer } from '../db/pg-statement-names';
import { InFlightBatches } from './in-flight-batches';
import { HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

/** Rows past their expiry are deleted this long after it, about every `CLEAN_EVERY_MS` by each process. */
const CLEAN_AFTER_MS = HOUR_MS;
const CLEAN_EVERY_MS = 5 * MINUTE_MS;

interface Hit {
  key: string;
  points: number;
  expire: number;
}

// Keys in order, so two processes' statements lock shared rows in the same order and never wait on each other in a
// cycle; a key's expired count starts again from the points added (the layout rate-limiter-flexible used).
const ADD_POINTS = `insert into rate_limits (key, points, expire)
select key, points, expire from unnest($1::varchar[], $2::int[], $3::bigint[]) as hit(key, points, expire) order by key
on conflict (key) do update set
  points = case when rate_limits.expire <= $4 then excluded.points else rate_limits.points + excluded.points end,
  expire = case when rate_limits.expire <= $4 then excluded.expire else rate_limits.expire end
returning key, points`;

/**
 * Counts in PostgreSQL's `rate_limits`, one statement for many hits (decision 153): the hits queued while a statement
 * is in flight go together in the next one (`InFlightBatches`, which also stops a stalled statement from holding the
 * rest back), so under load a round trip serves every hit that arrived during the last. A lone hit goes out at once.
 * A failed statement fails each of its hits, which then count in memory.
 */
export class PostgresLimitBatches {
  private readonly batches: InFlightBatches<Hit, number>;
  private cleaner: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    prepareOnServer(ADD_POINTS);
    this.batches = new InFlightBatches((hits) => this.addAll(hits), { maxBatch: 2_000 });
  }

  /** Statements sent: what the hits cost in round trips, for tests and benchmarks. */
  get statements() {
    return this.batches.statements;
  }

  /** Adds points to the key's count (kept until `expire` unless it is already running) and answers the count after. */
  add(key: string, points: number, expire: number): Promise<number> {
    return this.batches.load({ key, points, expire });
  }

  /** Deletes long-expired counts and members from now on, every few minutes (one process doing it is enough). */
  startCleaning() {
    this.cleaner ??= setInterval(() => void this.clean().catch(() => undefined), CLEAN_EVERY_MS);
    this.cleaner.unref();
  }

  stopCleaning() {
    if (this.cleaner) clearInterval(this.cleaner);
    this.cleaner = null;
  }

  async clean() {
    const before = this.now() - CLEAN_AFTER_MS;
    await this.db.executeQuery(CompiledQuery.raw('delete from rate_limits where expire < $1', [before]));
    await this.db.executeQuery(CompiledQuery.raw('delete from rate_limit_members where expire < $1', [before]));
  }

  /** One statement for the hits; hits on one key count as if they had come one after another. */
  private async addAll(hits: Hit[]): Promise<number[]> {
    const byKey = new Map<string, { points: number; expire: number }>();
    for (const hit of hits) {
      const queued = byKey.get(hit.key);
      if (queued) queued.points += hit.points;
      else byKey.set(hit.key, { points: hit.points, expire: hit.expire });
    }
    const keys = [...byKey.keys()];
    const { rows } = await this.db.executeQuery<{ key: string; points: number }>(
      CompiledQuery.raw(ADD_POINTS, [
        keys,
        keys.map((k) => byKey.get(k)!.points),
        keys.map((k) => byKey.get(k)!.expire),
        this.now(),
      ]),
    );
    const before = new Map(rows.map((r) => [r.key, Number(r.points) - byKey.get(r.key)!.points]));
    return hits.map((hit) => {
      const count = before.get(hit.key);
      if (count === undefined) throw new Error(`rate_limits returned no count for ${hit.key}`);
      before.set(hit.key, count + hit.points);
      return count + hit.points;
    });
  }
}
