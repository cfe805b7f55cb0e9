import { sql, type Kysely } from 'kysely';

/**
 * Decision 169, amended: a listing hidden by its account's closing says so in a column of its own, so enabling or
 * restoring the account brings back only those, never an admin's hide whose reason reads the same. Rows hidden before
 * kept only the reason: the closing's own words are the best record of who hid them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('hidden_by_closing', 'text').execute();
  for (const [how, reason] of [
    ['disabled', "Hidden because the seller's account is disabled."],
    ['deleted', "Hidden because the seller's account was deleted."],
  ]) {
    await sql`update listings set hidden_by_closing = ${how} where status = 'hidden' and hidden_reason = ${reason}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {}
