import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** An admin may turn off the mail of work that waits for admins (decision 189); on for everyone until turned off. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('email_preferences')
    .addColumn('admin_waiting', t.boolean, (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(): Promise<void> {}
