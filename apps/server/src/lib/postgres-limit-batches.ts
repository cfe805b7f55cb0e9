import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';
import { prepareOnServer } from '../db/pg-statement-names';

/** Rows past their expiry are deleted this long after it, about every `CLEAN_EVERY_MS` by each process. */
const CLEAN_AFTER_MS = 60 * 60 * 1000;
const CLEAN_EVERY_MS = 5 * 60 * 1000;

interface Queued {
  points: number;
  expire: number;
  /** Each hit's points and its answer, in the order they were queued. */
  waiters: Array<{ points: number; resolve: (count: number) => void; reject: (err: unknown) => void }>;
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
 * is in flight go together in the next one, so under load a round trip serves every hit that arrived during the
 * last. A lone hit goes out at once. A failed statement fails each of its hits, which then count in memory.
 */
export class PostgresLimitBatches {
  private queue = new Map<string, Queued>();
  private inFlight = false;
  private cleaner: NodeJS.Timeout | null = null;
  /** Statements sent: what the hits cost in round trips, for tests and benchmarks. */
  statements = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    prepareOnServer(ADD_POINTS);
  }

  /** Adds points to the key's count (kept until `expire` unless it is already running) and answers the count after. */
  add(key: string, points: number, expire: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const queued = this.queue.get(key);
      if (queued) {
        queued.points += points;
        queued.waiters.push({ points, resolve, reject });
      } else this.queue.set(key, { points, expire, waiters: [{ points, resolve, reject }] });
      this.send();
    });
  }

  /** Deletes long-expired rows from now on, every few minutes (one process doing it is enough; each may). */
  startCleaning() {
    this.cleaner ??= setInterval(() => void this.clean().catch(() => undefined), CLEAN_EVERY_MS);
    this.cleaner.unref();
  }

  stopCleaning() {
    if (this.cleaner) clearInterval(this.cleaner);
    this.cleaner = null;
  }

  async clean() {
    await this.db.executeQuery(
      CompiledQuery.raw('delete from rate_limits where expire < $1', [this.now() - CLEAN_AFTER_MS]),
    );
  }

  private send() {
    if (this.inFlight || !this.queue.size) return;
    this.inFlight = true;
    const batch = this.queue;
    this.queue = new Map();
    const keys = [...batch.keys()];
    this.statements++;
    this.db
      .executeQuery<{ key: string; points: number }>(
        CompiledQuery.raw(ADD_POINTS, [
          keys,
          keys.map((k) => batch.get(k)!.points),
          keys.map((k) => batch.get(k)!.expire),
          this.now(),
        ]),
      )
      .then(
        ({ rows }) => {
          const counts = new Map(rows.map((r) => [r.key, Number(r.points)]));
          for (const [key, queued] of batch) {
            const after = counts.get(key);
            if (after === undefined) {
              for (const w of queued.waiters) w.reject(new Error(`rate_limits returned no count for ${key}`));
              continue;
            }
            // Hits on one key in one statement count as if they had come one after another.
            let count = after - queued.points;
            for (const w of queued.waiters) w.resolve((count += w.points));
          }
        },
        (err: unknown) => {
          for (const queued of batch.values()) for (const w of queued.waiters) w.reject(err);
        },
      )
      .finally(() => {
        this.inFlight = false;
        this.send();
      });
  }
}
