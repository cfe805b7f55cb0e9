import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Single-use mail links (verification, password reset) and the counters behind sign-in lock-out and mail limits. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_throttle_bucket_idx')
    .on('auth_throttle')
    .columns(['bucket', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_throttle_created_idx').on('auth_throttle').column('created_at').execute();
}

export async function down(): Promise<void> {
  // Frozen once landed.
}
