import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A member's own deletion (decision 164): `erase_at` is when their personal data goes unless an admin restores the
 * account first; `erased_at` records that it went, after which the account cannot be restored. The index serves the
 * sweep that finds what fell due.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('deleted_users').addColumn('erase_at', t.timestamp).execute();
  await db.schema.alterTable('deleted_users').addColumn('erased_at', t.timestamp).execute();
  await db.schema.createIndex('deleted_users_erase_idx').on('deleted_users').columns(['erase_at']).execute();
}

export async function down(): Promise<void> {}
