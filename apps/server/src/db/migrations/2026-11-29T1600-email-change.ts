import type { Kysely } from 'kysely';

/** A link that changes a member's address carries the new address (decision 165); other links leave it null. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('new_email', 'text').execute();
}

export async function down(): Promise<void> {}
