import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own default, restored on a connection whose checkpoint worker has gone. */
const AUTO_CHECKPOINT_PAGES = 1000;
/** A WAL file is cut back to this after each reset, so a burst of writes does not leave it large for ever. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
const INTERVAL_MS = 100;

// Plain script (eval): the worker needs no build step under tsx, vitest or the compiled server alike.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
function checkpointAll() {
  for (const db of open.values()) {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  }
}
parentPort.on('message', (m) => {
  if (m.type === 'attach') {
    const db = new Database(m.file, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    open.set(m.file, db);
  } else if (m.type === 'detach') {
    open.get(m.file)?.close();
    open.delete(m.file);
  } else if (m.type === 'checkpoint') {
    checkpointAll();
  }
  parentPort.postMessage({ id: m.id });
});
setInterval(checkpointAll, workerData.intervalMs);
`;

interface Attached {
  connection: SQLite.Database;
  count: number;
}

/**
 * Checkpoints SQLite's write-ahead log from a worker thread (decision 147). SQLite's automatic checkpoint runs inside
 * the commit that crosses 1,000 pages and syncs the database file there, on the event loop: every socket waits. One
 * worker per process serves every file this process opened; it starts with the first and ends with the last.
 */
class WalCheckpointer {
  private worker: Worker | undefined;
  private readonly files = new Map<string, Attached>();
  private readonly pending = new Map<number, () => void>();
  private nextId = 0;

  /** Moves the connection's checkpoints to the worker; the returned function hands them back (await it before close). */
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

  get running() {
    return this.worker !== undefined;
  }

  /** Tests: what a crash of the worker looks like to the connections it served. */
  async crashForTest() {
    await this.worker?.terminate();
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

  private send(message: { type: string; file?: string }): Promise<void> {
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
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, intervalMs: INTERVAL_MS } });
    worker.unref(); // an open database must not keep a finished process alive
    worker.on('message', (m: { id: number }) => {
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

export const walCheckpointer = new WalCheckpointer();
