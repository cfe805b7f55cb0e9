import type { Database, DatabaseHandle } from '../db/database';

interface Waiter<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
}

/** A statement running longer than this no longer holds the next back: a stalled connection must not stop every page. */
const STALLED_MS = 200;

/**
 * Lookups that arrive while a statement is in flight go together in the next one, so under load one round trip answers
 * every lookup that arrived during the last; a lone lookup goes out at once. The group commit of decision 153, for
 * reads (decision 155). A lookup is sent after it arrives, so it sees every write committed before its request.
 */
export class InFlightBatches<K, V> {
  private queue: Array<Waiter<K, V>> = [];
  /** When each statement in flight was sent. */
  private running = new Set<{ sentAt: number }>();
  private retry: NodeJS.Timeout | null = null;
  /** Statements sent: what the lookups cost in round trips, for tests and benchmarks. */
  statements = 0;

  /** `run` answers the keys' values in their order. */
  constructor(
    private readonly run: (keys: K[]) => Promise<V[]>,
    private readonly options: { maxBatch?: number; stalledMs?: number } = {},
  ) {}

  load(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.send();
    });
  }

  private send() {
    if (!this.queue.length) return;
    if (this.running.size) {
      // Wait for the newest statement in flight, unless it has stalled: then the queue goes in a statement of its own.
      const newest = Math.max(...[...this.running].map((r) => r.sentAt));
      const wait = newest + (this.options.stalledMs ?? STALLED_MS) - performance.now();
      if (wait > 0) {
        this.retry ??= setTimeout(() => ((this.retry = null), this.send()), wait);
        return;
      }
    }
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const statement = { sentAt: performance.now() };
    this.running.add(statement);
    const batch = this.queue.splice(0, this.options.maxBatch ?? 200);
    this.statements++;
    // A throw inside `run` becomes a rejection, so every waiter of the batch hears of it.
    Promise.resolve()
      .then(() => this.run(batch.map((w) => w.key)))
      .then((values) => {
        if (values.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${values.length}`);
        batch.forEach((w, i) => w.resolve(values[i]));
      })
      .catch((err: unknown) => {
        for (const w of batch) w.reject(err);
      })
      .finally(() => {
        this.running.delete(statement);
        this.send();
      });
  }
}

/**
 * A lookup batched per database on PostgreSQL (`many` answers the keys of a batch in their order); SQLite answers in
 * the process in microseconds and gains nothing from a batch, so it runs `one`. Outside transactions only.
 */
export function batchedOnPostgres<K, V>(
  one: (db: Database, key: K) => Promise<V>,
  many: (db: Database, keys: K[]) => Promise<V[]>,
): (handle: DatabaseHandle, key: K) => Promise<V> {
  const batches = new WeakMap<DatabaseHandle, InFlightBatches<K, V>>();
  return (handle, key) => {
    if (handle.engine !== 'postgres') return one(handle.db, key);
    let batch = batches.get(handle);
    if (!batch) batches.set(handle, (batch = new InFlightBatches((keys) => many(handle.db, keys))));
    return batch.load(key);
  };
}
