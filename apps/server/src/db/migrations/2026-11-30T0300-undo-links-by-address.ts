import type { Kysely } from 'kysely';

/**
 * An address an open undo link may give back is kept for it (decision 177): sign-up and a change of address look it
 * up by the address, on every sign-up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('auth_tokens_new_email_idx')
    .on('auth_tokens')
    .columns(['new_email', 'purpose'])
    .execute();
}

export async function down(): Promise<void> {}
