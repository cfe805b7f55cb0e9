import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 245: the members of a distinct limit (visitor ids per address) shared by the server processes, each set
 * counted in `rate_limits`. Unlogged like rate_limits: after a crash the rows are only stale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  let members = db.schema.createTable('rate_limit_members');
  if (!t.sqlite) members = members.modifyFront(sql`unlogged`);
  await members
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('member', 'varchar(255)', (c) => c.notNull())
    .addColumn('expire', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_members_pk', ['key', 'member'])
    .execute();
}

export async function down(): Promise<void> {}
