import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own default, restored on a connection whose checkpoint worker has gone. */
const AUTO_CHECKPOINT_PAGES = 1000;
/** A WAL file is cut back to this after each reset, so a burst of writes does not leave it large for ever. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
const INTERVAL_MS = 100;
/** A log this long (4 KiB pages: 16 MiB), though copied by the worker, is finished by the writer so it rewinds. */
const FINISH_ABOVE_FRAMES = 4096;
/** Full-text indexes are looked at this often, and merged when they hold more segments than MERGE_ABOVE_SEGMENTS. */
const MERGE_EVERY_MS = 10 * 60_000;
/**
 * FTS5's automatic merges keep up to three segments a level, and a search reads every segment: 7 segments made the
 * admin search's trigram lookup 135 µs against 47 µs for the same index in one (decision 150).
 */
const MERGE_ABOVE_SEGMENTS = 4;
/** Pages written per merge step: about a millisecond of the write lock (7 ms the longest seen after the first). */
const MERGE_STEP_PAGES = 8;

// Plain script (eval): the worker needs no build step under tsx, vitest or the compiled server alike.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
const merging = new Map();
function checkpointAll() {
  for (const [file, db] of open) {
    try {
      const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
      if (log >= workerData.finishAboveFrames) parentPort.postMessage({ finish: file });
    } catch {}
  }
}
const { setImmediate: nextTurn, setTimeout: pause } = require('node:timers/promises');
const quoted = (name) => '"' + name.replace(/"/g, '""') + '"';
// FTS5's incremental optimize: a 'merge' step with a negative page count puts every segment on one level, then positive
// steps merge them until one changes fewer than two rows (nothing left to merge). Each step is its own short write.
async function mergeIndex(db, table, live) {
  const name = quoted(table);
  const segments = db.prepare('select count(distinct segid) from ' + quoted(table + '_idx')).pluck().get();
  if (segments <= workerData.mergeAboveSegments) return;
  const step = db.prepare('insert into ' + name + ' (' + name + ', rank) values (\\'merge\\', ?)');
  const changes = db.prepare('select total_changes()').pluck();
  let pages = -workerData.mergeStepPages;
  for (let busy = 0; live() && busy < 1000; await nextTurn()) {
    const before = changes.get();
    try {
      step.run(pages);
    } catch (err) {
      if (err.code !== 'SQLITE_BUSY') throw err;
      busy += 1; // the server is writing: its write goes first
      await pause(5);
      continue;
    }
    if (changes.get() - before < 2) return;
    pages = workerData.mergeStepPages;
  }
}
async function mergeFile(file) {
  const db = open.get(file);
  if (!db) return;
  const tables = db
    .prepare("select name from sqlite_schema where type = 'table' and sql like 'create virtual table%using fts5%'")
    .pluck()
    .all();
  const live = () => open.get(file) === db;
  for (const table of tables) {
    if (!live()) return;
    try { await mergeIndex(db, table, live); } catch {} // one index failing does not keep the others unmerged
  }
}
function mergeAll() {
  return Promise.all([...open.keys()].map((file) => {
    // A failed pass leaves the indexes as they are (they still answer); the next pass tries again.
    if (!merging.has(file)) merging.set(file, mergeFile(file).catch(() => {}).finally(() => merging.delete(file)));
    return merging.get(file);
  }));
}
parentPort.on('message', async (m) => {
  if (m.type === 'attach') {
    const db = new Database(m.file, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    db.pragma('wal_autocheckpoint = 0');
    open.set(m.file, db);
  } else if (m.type === 'detach') {
    const db = open.get(m.file);
    open.delete(m.file);
    await merging.get(m.file);
    db?.close();
  } else if (m.type === 'checkpoint') {
    checkpointAll();
  } else if (m.type === 'hold-timed') {
    timedHeld = m.held;
  } else if (m.type === 'merge') {
    await mergeAll();
  }
  parentPort.postMessage({ id: m.id });
});
let timedHeld = false;
setInterval(() => timedHeld || checkpointAll(), workerData.intervalMs);
setInterval(mergeAll, workerData.mergeEveryMs);
`;

interface Attached {
  connection: SQLite.Database;
  count: number;
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
  private readonly pending = new Map<number, () => void>();
  private nextId = 0;

  /** Hands the connection's checkpoints to the worker; the function returned takes them back (await before close). */
  attach(file: string, connection: SQLite.Database): () => Promise<void> {
    const attached = this.files.get(file);
    if (attached) attached.count += 1;
    else {
      this.files.set(file, { connection, count: 1 });
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
  checkpointNow(): Promise<void> {
    return this.worker ? this.send({ type: 'checkpoint' }) : Promise.resolve();
  }

  /** Merges every full-text index that needs it now and resolves when done (tests; benches after seeding). */
  mergeSearchIndexesNow(): Promise<void> {
    return this.worker ? this.send({ type: 'merge' }) : Promise.resolve();
  }

  get running() {
    return this.worker !== undefined;
  }

  /** Tests: hold the passes the worker runs every 100 ms (or let them go again); `checkpointNow` still runs one. */
  holdTimedPassesForTest(held: boolean): Promise<void> {
    return this.send({ type: 'hold-timed', held });
  }

  /** Tests: what a crash of the worker looks like to the connections it served. */
  async crashForTest() {
    await this.worker?.terminate();
  }

  /**
   * The writer's own checkpoint of the frames written since the worker's pass. Under steady writes the worker never
   * catches up with the log's end, and SQLite rewinds the log only when a write begins on a fully copied log: without
   * this the log grew by hundreds of megabytes under load, and every page read searched all of its index.
   */
  private finish(file: string) {
    const connection = this.files.get(file)?.connection;
    if (!connection?.open || connection.inTransaction) return; // the next pass asks again
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

  private send(message: { type: string; file?: string; held?: boolean }): Promise<void> {
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
    worker.on('message', (m: { id: number; finish?: string }) => {
      if (m.finish !== undefined) return this.finish(m.finish);
      this.pending.get(m.id)?.();
      this.pending.delete(m.id);
    });
    worker.on('error', () => undefined); // the exit below follows and restores the connections
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const resolve of this.pending.values()) resolve();
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
