import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Decision 199: each session gets a public id, the one the session list shows and a member signs one device out by.
 * The row's own id is the hash its cookie is looked up by, so it stays on the server. Sessions started before get a
 * random one here, as the server makes them (16 random bytes, base64url).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('public_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const { rows } = await sql<{ id: string }>`select id from sessions`.execute(db);
  for (const { id } of rows)
    await sql`update sessions set public_id = ${randomBytes(16).toString('base64url')} where id = ${id}`.execute(db);
  await sql`create index sessions_public_id_idx on sessions (public_id)`.execute(db);
}

export async function down(): Promise<void> {}
