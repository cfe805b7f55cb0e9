/** The upkeep worker's script (decisions 147, 150): checkpoints and full-text merges on its own connections. */
// Plain script (eval): the worker needs no build step under tsx, vitest or the compiled server alike.
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const open = new Map();
const merging = new Map();
function checkpointAll() {
  for (const [file, db] of open) {
    try {
      const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
      if (log < workerData.finishAboveFrames) continue;
      // A pass that ends behind the log syncs nothing, and the pass that reaches its end syncs every page copied
      // since: synced here, that wait is off the final pass, which holds the app's writes back.
      syncFile(file);
      syncFile(file + '-wal');
      parentPort.postMessage({ finish: file });
    } catch {}
  }
}
function syncFile(path) {
  const fd = fs.openSync(path, 'r');
  try {
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
// Run while the app holds its writes back: copies the log to its end (SQLite then syncs the database file), so the
// app's next write rewinds it. A second pass that finds nothing new tells no one else wrote meanwhile.
function finalPass(file) {
  const db = open.get(file);
  if (!db) return false;
  try {
    const [first] = db.pragma('wal_checkpoint(PASSIVE)');
    const [second] = db.pragma('wal_checkpoint(PASSIVE)');
    return second.log === first.log && second.checkpointed === second.log;
  } catch {
    return false;
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
  } else if (m.type === 'final-pass') {
    return parentPort.postMessage({ id: m.id, copied: finalPass(m.file) });
  }
  parentPort.postMessage({ id: m.id });
});
let timedHeld = false;
setInterval(() => timedHeld || checkpointAll(), workerData.intervalMs);
setInterval(mergeAll, workerData.mergeEveryMs);
`;
