import type { Kysely } from 'kysely';

/**
 * Decision 033, amended: a tracking session no longer records which member was signed in. Nothing read it, the spec's
 * session record has no such field, and it tied a member's browsing to them past their account's erasure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('traffic_sessions').dropColumn('user_id').execute();
}

export async function down(): Promise<void> {}
