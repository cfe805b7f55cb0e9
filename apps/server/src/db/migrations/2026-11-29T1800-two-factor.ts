import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Two-factor sign-in (decision 168): one authenticator key per member, sealed, pending until a first code confirms
 * it; `last_step` is the last time step a code was accepted for, so no code works twice. Recovery codes are kept as
 * hashes and spent once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('enabled_at', t.timestamp)
    .addColumn('last_step', t.timestamp)
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(): Promise<void> {}
