import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Engine } from './database';
import { migrateToLatest } from './migrate';

async function runOnServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database that disappears on close: a temp SQLite file, or a new schema in the PostgreSQL
 * database at `url`. Tests and benchmarks use it so runs never share state.
 */
export async function openScratchDatabase(
  engine: Engine,
  url: string | undefined,
  label: string,
  poolSize = 10,
): Promise<DatabaseHandle> {
  if (engine === 'postgres') {
    if (!url) throw new Error('a PostgreSQL scratch database needs a connection URL');
    const schema = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
    await runOnServer(url, `create schema ${schema}`);
    const handle = openDatabase(url, { pgSchema: schema, poolSize });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        await runOnServer(url, `drop schema ${schema} cascade`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `accountry-${label}-`));
  const handle = openDatabase(`sqlite:${path.join(dir, 'scratch.db')}`);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
