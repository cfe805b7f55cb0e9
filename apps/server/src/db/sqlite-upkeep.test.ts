import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database';
import { sqliteUpkeep } from './sqlite-upkeep';
import { createUser, testEngine } from '../test/test-app';
import { ManualClock } from '../lib/clock';
import { openScratchDatabase } from './scratch-database';
import { setTimeout as sleep } from 'node:timers/promises';

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
    // The worker's own passes (every 100 ms) would copy the log while a loaded machine runs the inserts slowly: held,
    // only the connection's commits could.
    await sqliteUpkeep.holdTimedPassesForTest(true);
    try {
      await writeEightMiB(handle);
      const sizeBefore = fs.statSync(file).size;
      expect(sizeBefore).toBeLessThan(1024 * 1024); // nothing was checkpointed inside the inserts
      await sqliteUpkeep.checkpointNow();
      expect(fs.statSync(file).size).toBeGreaterThan(8 * 1024 * 1024);
    } finally {
      await sqliteUpkeep.holdTimedPassesForTest(false);
    }
  });

  it('ends the worker with the last database it serves', async () => {
    const first = openFile();
    const second = openFile();
    await sqliteUpkeep.checkpointNow();
    expect(sqliteUpkeep.running).toBe(true);
    await first.handle.close();
    expect(sqliteUpkeep.running).toBe(true);
    await second.handle.close();
    expect(sqliteUpkeep.running).toBe(false);
    for (const { dir } of opened.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The WAL header's checkpoint sequence number (bytes 12-15) grows by one each time SQLite rewinds the log. */
  const rewindsOf = (file: string) => () => {
    const header = Buffer.alloc(16);
    const fd = fs.openSync(`${file}-wal`, 'r');
    fs.readSync(fd, header, 0, 16, 0);
    fs.closeSync(fd);
    return header.readUInt32BE(12);
  };

  /** Counts the checkpoints the server's own connection runs (each one holds up its event loop). */
  const checkpointsOn = (connection: NonNullable<DatabaseHandle['sqlite']>) => {
    const counted = { n: 0 };
    const pragma = connection.pragma.bind(connection);
    connection.pragma = ((source: string, options?: { simple?: boolean }) => {
      if (/wal_checkpoint/i.test(source)) counted.n += 1;
      return pragma(source, options);
    }) as typeof connection.pragma;
    return counted;
  };

  it('rewind the log while the app writes on: the worker finishes the copy while the app’s writes wait', async () => {
    const { handle, file } = openFile();
    await sql`create table blobs (body blob)`.execute(handle.db);
    const rewinds = rewindsOf(file);
    const onServer = checkpointsOn(handle.sqlite!);
    const write = () => sql`insert into blobs (body) values (${Buffer.alloc(64 * 1024, 1)})`.execute(handle.db);
    await write();
    const before = rewinds();
    // A write of 64 KiB every millisecond or so (about 50 MiB/s, a busy server), up to 48 MiB: the worker's copy
    // never ends on a quiet moment by itself.
    let written = 0;
    while (rewinds() === before && written < 768) {
      await write();
      written += 1;
      await sleep(1);
    }
    expect(rewinds()).toBeGreaterThan(before);
    expect(onServer.n).toBe(0);
  });

  it('rewind the log while another connection writes on, which holding the app’s writes back does not stop', async () => {
    const { handle, file } = openFile();
    await sql`create table blobs (body blob)`.execute(handle.db);
    const rewinds = rewindsOf(file);
    // Writes the app's connection does not see, as another process's would be: holding it back does not stop them.
    const insert = handle.sqlite!.prepare('insert into blobs (body) values (?)');
    const write = () => insert.run(Buffer.alloc(64 * 1024, 1));
    write();
    const before = rewinds();
    let written = 0;
    while (rewinds() === before && written < 768) {
      write();
      written += 1;
      await sleep(1);
    }
    expect(rewinds()).toBeGreaterThan(before);
  });

  it('hands checkpoints back to SQLite if the worker dies, so the log cannot grow without bound', async () => {
    const { handle, file } = openFile();
    await sqliteUpkeep.checkpointNow();
    await sqliteUpkeep.crashForTest();
    expect(sqliteUpkeep.running).toBe(false);
    expect(handle.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await writeEightMiB(handle);
    expect(fs.statSync(file).size).toBeGreaterThan(4 * 1024 * 1024);
  });
});

describe.runIf(testEngine === 'sqlite')('SQLite full-text index merges', () => {
  const segments = (handle: DatabaseHandle, table: string) =>
    handle.sqlite!.prepare(`select count(distinct segid) from ${table}_idx`).pluck().get() as number;

  it('merge an index that writes left in many segments into one, and searches find the same rows', async () => {
    const handle = await openScratchDatabase('sqlite', undefined, 'fts-merge');
    try {
      const ctx = { db: handle.db, clock: new ManualClock(Date.now()) };
      // Each sign-up commits on its own, as on the site: FTS5 writes a segment per commit and merges only every four.
      for (let i = 0; i < 30; i++)
        await createUser(ctx, { email: `member${i}@merge.test`, displayName: `Member ${i}` });
      const before = segments(handle, 'users_trigram');
      expect(before).toBeGreaterThan(4);
      const search = () =>
        handle
          .sqlite!.prepare(`select rowid from users_trigram where users_trigram match '"ber2"' order by rowid`)
          .all();
      const found = search();
      expect(found).toHaveLength(11); // member2 and member20-29

      await sqliteUpkeep.mergeSearchIndexesNow();

      expect(segments(handle, 'users_trigram')).toBe(1);
      expect(search()).toEqual(found);
      handle.sqlite!.exec(`insert into users_trigram (users_trigram, rank) values ('integrity-check', 1)`);
    } finally {
      await handle.close();
    }
  });

  it('leave an index of few segments as it is', async () => {
    const handle = await openScratchDatabase('sqlite', undefined, 'fts-merge');
    try {
      const ctx = { db: handle.db, clock: new ManualClock(Date.now()) };
      for (let i = 0; i < 3; i++) await createUser(ctx, { email: `member${i}@merge.test` });
      const before = segments(handle, 'users_trigram');
      expect(before).toBeGreaterThan(1);
      await sqliteUpkeep.mergeSearchIndexesNow();
      expect(segments(handle, 'users_trigram')).toBe(before);
    } finally {
      await handle.close();
    }
  });
});
