import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 127: one row per open WebSocket while several processes serve one PostgreSQL database, so the cap of
 * sockets per user holds across them. Unlogged like rate_limits: after a crash the rows are only stale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  let leases = db.schema.createTable('socket_leases');
  if (!t.sqlite) leases = leases.modifyFront(sql`unlogged`);
  await leases
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('socket_leases_user_idx').on('socket_leases').column('user_id').execute();
  await db.schema.createIndex('socket_leases_process_idx').on('socket_leases').column('process_id').execute();
}

export async function down(): Promise<void> {}
