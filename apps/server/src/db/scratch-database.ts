import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle, type Engine, type OpenOptions } from './database';
import { createMigratedSchema, runOnServer, sqliteTemplateFile } from './scratch-templates';

/**
 * A fresh, migrated database that disappears on close: a temp SQLite file, or a new schema in the PostgreSQL
 * database at `url`. Tests and benchmarks use it so runs never share state. Each is a copy of a migrated template.
 */
export async function openScratchDatabase(
  engine: Engine,
  url: string | undefined,
  label: string,
  poolSize = 10,
  onQuery?: OpenOptions['onQuery'],
): Promise<DatabaseHandle> {
  if (engine === 'postgres') {
    if (!url) throw new Error('a PostgreSQL scratch database needs a connection URL');
    const schema = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
    await createMigratedSchema(url, schema);
    const handle = openDatabase(url, { pgSchema: schema, poolSize, onQuery });
    return {
      ...handle,
      async close() {
        await handle.close();
        await runOnServer(url, `drop schema ${schema} cascade`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `accountry-${label}-`));
  const file = path.join(dir, 'scratch.db');
  fs.copyFileSync(await sqliteTemplateFile(), file);
  const handle = openDatabase(`sqlite:${file}`, { onQuery });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
