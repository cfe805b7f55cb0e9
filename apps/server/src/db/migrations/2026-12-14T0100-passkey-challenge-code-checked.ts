import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A passkey challenge keeps whether a two-factor code was checked when it was handed out (decision 172), so adding the
 * passkey is refused once two-factor sign-in is on if it was not. Those pending from before count as made without one:
 * at worst a member asks for the options again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('passkey_challenges')
    .addColumn('code_checked', t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(): Promise<void> {}
