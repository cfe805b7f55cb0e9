import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { WORKER_SOURCE } from './sqlite-upkeep-worker';

/** SQLite's own default, restored on a connection whose checkpoint worker has gone. */
const AUTO_CHECKPOINT_PAGES = 1000;
/** A WAL file is cut back to this after each reset, so a burst of writes does not leave it large for ever. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
const INTERVAL_MS = 100;
/** A log this long (4 KiB pages: 16 MiB) is copied to its end while the app's writes wait, so it rewinds. */
const FINISH_ABOVE_FRAMES = 4096;
/** The app's writes wait at most this long for the worker's final pass; then its connection finishes the copy. */
const FINAL_PASS_TIMEOUT_MS = 1000;
/** Full-text indexes are looked at this often, and merged when they hold more segments than MERGE_ABOVE_SEGMENTS. */
const MERGE_EVERY_MS = 10 * 60_000;
/**
 * FTS5's automatic merges keep up to three segments a level, and a search reads every segment: 7 segments made the
 * admin search's trigram lookup 135 µs against 47 µs for the same index in one (decision 150).
 */
const MERGE_ABOVE_SEGMENTS = 4;
/** Pages written per merge step: about a millisecond of the write lock (7 ms the longest seen after the first). */
const MERGE_STEP_PAGES = 8;

/** Runs `work` while the app's writes on this connection wait (Kysely's hold on its one SQLite connection). */
export type HoldWrites = (work: () => Promise<void>) => Promise<void>;

interface Attached {
  connection: SQLite.Database;
  holdWrites: HoldWrites;
  count: number;
  finishing: boolean;
}

interface Reply {
  copied?: boolean;
}

/**
 * SQLite's upkeep, on a worker thread with its own connection to each file, off the event loop. It checkpoints the
 * write-ahead log (decision 147): SQLite's automatic checkpoint runs inside the commit that crosses 1,000 pages and
 * syncs the database file there, where every socket waits. And it merges full-text indexes whose writes have left
 * them in many segments (decision 150). One worker per process serves every file this process opened; it starts with
 * the first and ends with the last.
 */
class SqliteUpkeep {
  private worker: Worker | undefined;
  private readonly files = new Map<string, Attached>();
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 0;

  /**
   * Hands the connection's checkpoints to the worker; the function returned takes them back (await before close).
   * `holdWrites` keeps the app's writes back while the worker finishes a long log's copy.
   */
  attach(file: string, connection: SQLite.Database, holdWrites: HoldWrites): () => Promise<void> {
    const attached = this.files.get(file);
    if (attached) attached.count += 1;
    else {
      this.files.set(file, { connection, holdWrites, count: 1, finishing: false });
      connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      connection.pragma('wal_autocheckpoint = 0');
      void this.send({ type: 'attach', file });
    }
    let detached = false;
    return async () => {
      if (detached) return;
      detached = true;
      await this.detach(file);
    };
  }

  /** Runs one checkpoint pass now and resolves when it is done (tests, and callers about to copy the file). */
  async checkpointNow(): Promise<void> {
    if (this.worker) await this.send({ type: 'checkpoint' });
  }

  /** Merges every full-text index that needs it now and resolves when done (tests; benches after seeding). */
  async mergeSearchIndexesNow(): Promise<void> {
    if (this.worker) await this.send({ type: 'merge' });
  }

  get running() {
    return this.worker !== undefined;
  }

  /** Tests: hold the passes the worker runs every 100 ms (or let them go again); `checkpointNow` still runs one. */
  async holdTimedPassesForTest(held: boolean): Promise<void> {
    await this.send({ type: 'hold-timed', held });
  }

  /** Tests: what a crash of the worker looks like to the connections it served. */
  async crashForTest() {
    await this.worker?.terminate();
  }

  /**
   * Under steady writes the worker's passes never catch up with the log's end, and SQLite rewinds the log only when a
   * write begins on a fully copied one: without this it grew by hundreds of megabytes under load, and every page read
   * searched all of its index. The app's writes wait on its connection while the worker copies the last frames and
   * SQLite syncs the file (the event loop goes on meanwhile); only if someone else wrote during that pass (another
   * process) does the connection copy the rest itself, on the event loop.
   */
  private async finish(file: string) {
    const attached = this.files.get(file);
    if (!attached || attached.finishing) return;
    attached.finishing = true;
    try {
      await attached.holdWrites(async () => {
        // The timer goes with the answer: a finish leaves none behind.
        const waited = new AbortController();
        const timeout = sleep(FINAL_PASS_TIMEOUT_MS, { copied: false }, { ref: false, signal: waited.signal }).catch(
          () => ({ copied: false }),
        );
        const { copied } = await Promise.race([this.send({ type: 'final-pass', file }), timeout]).finally(() =>
          waited.abort(),
        );
        if (!copied) this.checkpointOn(attached.connection);
      });
    } catch {
      // The connection closed meanwhile: nothing is left to finish.
    } finally {
      attached.finishing = false;
    }
  }

  private checkpointOn(connection: SQLite.Database) {
    if (!connection.open || connection.inTransaction) return; // the next pass asks again
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy (another process checkpoints): the next pass asks again.
    }
  }

  private async detach(file: string) {
    const attached = this.files.get(file);
    if (!attached) return;
    attached.count -= 1;
    if (attached.count > 0) return;
    this.files.delete(file);
    await this.send({ type: 'detach', file });
    if (this.files.size === 0 && this.worker) {
      const worker = this.worker;
      this.worker = undefined;
      await worker.terminate();
    }
  }

  private send(message: { type: string; file?: string; held?: boolean }): Promise<Reply> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        intervalMs: INTERVAL_MS,
        mergeEveryMs: MERGE_EVERY_MS,
        mergeAboveSegments: MERGE_ABOVE_SEGMENTS,
        mergeStepPages: MERGE_STEP_PAGES,
        finishAboveFrames: FINISH_ABOVE_FRAMES,
      },
    });
    worker.unref(); // an open database must not keep a finished process alive
    worker.on('message', (m: Reply & { id: number; finish?: string }) => {
      if (m.finish !== undefined) return void this.finish(m.finish);
      this.pending.get(m.id)?.(m);
      this.pending.delete(m.id);
    });
    worker.on('error', () => undefined); // the exit below follows and restores the connections
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const resolve of this.pending.values()) resolve({});
      this.pending.clear();
      // Nobody checkpoints in the background any more: each connection goes back to SQLite's own schedule.
      for (const { connection } of this.files.values())
        if (connection.open) connection.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      this.files.clear();
    });
    this.worker = worker;
    return worker;
  }
}

export const sqliteUpkeep = new SqliteUpkeep();
