import type { Kysely } from 'kysely';

/**
 * Decision 258: a listing counts its content edits, so a save decided on an older copy of the listing (a stale tab, a
 * racing save) matches nothing and is refused instead of overwriting the newer one. Screenshot writes do not count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('listings')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {}
