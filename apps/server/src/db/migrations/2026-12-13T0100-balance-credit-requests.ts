import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 238: each admin balance credit's request id, with a digest of what it asked for, so a request that arrives
 * again (a retry after a lost answer, a second click) is answered without a second posting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('balance_credit_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {}
