import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 259: the seller of a hidden listing asks for another look. The ask waits on the listing itself (one at a
 * time), and a moderator who keeps it hidden records the content version they saw, so the same content is not asked
 * about again. Admins count the waiting asks on every page and list them newest first: a partial index holds just
 * those, in the admin list's created order (as listings_deleted_created_idx does for the deleted ones).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // SQLite adds one column per statement.
  await db.schema.alterTable('listings').addColumn('review_requested_at', t.timestamp).execute();
  await db.schema.alterTable('listings').addColumn('review_request_note', 'text').execute();
  await db.schema.alterTable('listings').addColumn('reviewed_version', 'integer').execute();
  await sql`create index listings_review_requested_idx on listings (created_at, id)
      where review_requested_at is not null`.execute(db);
}

export async function down(): Promise<void> {}
