import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

/**
 * Migrated databases that scratch databases copy, made once per process: running every migration for each test
 * file's database took 0.3-0.7 s (a quarter of the SQLite suite's time, more of PostgreSQL's).
 */

export async function runOnServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let sqliteTemplate: Promise<string> | undefined;

/** A migrated SQLite file to copy (byte for byte the database a migration gives), removed when the process exits. */
export function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.db');
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db);
    // Everything in the file itself, so a copy of it alone is the whole database.
    handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    await handle.close();
    return file;
  })();
  return sqliteTemplate;
}

const TEMPLATE_NAME = '__scratch_template__';
const pgTemplates = new Map<string, Promise<string | null>>();

/**
 * The statements that make a migrated schema named `__scratch_template__` (its tables, indexes, functions, triggers
 * and rows), as `pg_dump` writes them for a schema migrated once per process and database; null where pg_dump is
 * missing or refuses the server (another major version), and then each scratch schema migrates.
 */
export function pgTemplateScript(url: string): Promise<string | null> {
  let script = pgTemplates.get(url);
  if (!script) {
    script = dumpMigratedSchema(url).catch((err: Error) => {
      console.warn(`Scratch schemas are migrated one by one: no pg_dump of a migrated one (${err.message})`);
      return null;
    });
    pgTemplates.set(url, script);
  }
  return script;
}

/** The address for libpq, which reads `+` in a query as itself, not as the space URLSearchParams writes it for. */
function libpqUrl(url: string) {
  const parsed = new URL(url);
  parsed.search = [...parsed.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return parsed.toString();
}

/** Create `schema` in the database at `url` and run every migration in it, as production migrates. */
export async function migrateNewSchema(url: string, schema: string) {
  await runOnServer(url, `create schema ${schema}`);
  const handle = openDatabase(url, { pgSchema: schema, poolSize: 1 });
  await migrateToLatest(handle.db).finally(() => handle.close());
}

async function dumpMigratedSchema(url: string) {
  const schema = `template_${randomBytes(5).toString('hex')}`;
  try {
    await migrateNewSchema(url, schema);
    const args = ['--dbname', libpqUrl(url), '--schema', schema, '--no-owner', '--no-privileges', '--inserts'];
    const { stdout } = await promisify(execFile)('pg_dump', args, { maxBuffer: 64 * 1024 * 1024 });
    if (!stdout.includes(`CREATE SCHEMA ${schema};`)) throw new Error('pg_dump wrote no schema');
    // Lines for psql (`\restrict`) are not SQL; every object is named with its schema, which becomes the placeholder.
    return stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n')
      .replaceAll(schema, TEMPLATE_NAME);
  } finally {
    await runOnServer(url, `drop schema if exists ${schema} cascade`);
  }
}

/** Create `schema` in the database at `url`, migrated: from the process's template script where it has one. */
export async function createMigratedSchema(url: string, schema: string) {
  const script = await pgTemplateScript(url);
  if (script) return runOnServer(url, script.replaceAll(TEMPLATE_NAME, schema));
  await migrateNewSchema(url, schema);
}
