import { sql, type Kysely } from 'kysely';

/**
 * Decision 188: a transfer reference already recorded on another payout is a warning, found by its key (the reference
 * trimmed, in lower case) on an index rather than by reading every payout. The key is computed by the server, as
 * JavaScript lowers case, so both engines compare alike (SQLite's lower() knows only ASCII); references recorded
 * before get theirs here, the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payouts')
    .addColumn('reference_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const { rows } = await sql<{ id: string; reference: string }>`select id, reference from payouts
    where reference <> ''`.execute(db);
  for (const { id, reference } of rows)
    await sql`update payouts set reference_key = ${reference.trim().toLowerCase()} where id = ${id}`.execute(db);
  // The latest payout with a key first: the one the warning names.
  await sql`create index payouts_reference_key_idx on payouts (reference_key, decided_at)`.execute(db);
}

export async function down(): Promise<void> {}
