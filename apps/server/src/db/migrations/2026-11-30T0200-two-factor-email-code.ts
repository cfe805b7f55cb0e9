import type { Kysely } from 'kysely';

/**
 * Turning two-factor sign-in on takes a code mailed to the account's address (decision 175): a pending key keeps the
 * code's keyed digest until it is on. A key pending from before has none and must be set up again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('two_factor').addColumn('email_code', 'text').execute();
}

export async function down(): Promise<void> {}
