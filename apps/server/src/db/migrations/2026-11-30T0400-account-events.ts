import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** A member's security activity (decision 178): sign-ins and changes to the ways into the account, a year long. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('account_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('device', 'text')
    .execute();
  await db.schema
    .createIndex('account_events_user_idx')
    .on('account_events')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // The hourly purge of events past a year (account-erasure.service.ts) reads them by age.
  await db.schema.createIndex('account_events_created_idx').on('account_events').column('created_at').execute();
}

export async function down(): Promise<void> {}
