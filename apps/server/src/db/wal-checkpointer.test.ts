import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database';
import { walCheckpointer } from './wal-checkpointer';
import { testEngine } from '../test/test-app';

const opened: { handle: DatabaseHandle; dir: string }[] = [];
afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function openFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-wal-'));
  const file = path.join(dir, 'wal.db');
  const handle = openDatabase(`sqlite:${file}`);
  opened.push({ handle, dir });
  return { handle, file };
}

/** 8 MiB through the WAL: twice what SQLite's own 1,000-page auto-checkpoint lets it hold. */
async function writeEightMiB(handle: DatabaseHandle) {
  await sql`create table blobs (body blob)`.execute(handle.db);
  const insert = handle.sqlite!.prepare('insert into blobs (body) values (?)');
  for (let i = 0; i < 128; i++) insert.run(Buffer.alloc(64 * 1024, i));
}

describe.runIf(testEngine === 'sqlite')('SQLite write-ahead-log checkpoints', () => {
  it('leave the commit path: the connection does none, the worker copies the log into the database file', async () => {
    const { handle, file } = openFile();
    expect(handle.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await writeEightMiB(handle);
    const sizeBefore = fs.statSync(file).size;
    expect(sizeBefore).toBeLessThan(1024 * 1024); // nothing was checkpointed inside the inserts
    await walCheckpointer.checkpointNow();
    expect(fs.statSync(file).size).toBeGreaterThan(8 * 1024 * 1024);
  });

  it('ends the worker with the last database it serves', async () => {
    const first = openFile();
    const second = openFile();
    await walCheckpointer.checkpointNow();
    expect(walCheckpointer.running).toBe(true);
    await first.handle.close();
    expect(walCheckpointer.running).toBe(true);
    await second.handle.close();
    expect(walCheckpointer.running).toBe(false);
    for (const { dir } of opened.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands checkpoints back to SQLite if the worker dies, so the log cannot grow without bound', async () => {
    const { handle, file } = openFile();
    await walCheckpointer.checkpointNow();
    await walCheckpointer.crashForTest();
    expect(walCheckpointer.running).toBe(false);
    expect(handle.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await writeEightMiB(handle);
    expect(fs.statSync(file).size).toBeGreaterThan(4 * 1024 * 1024);
  });
});
