import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * The deleted users, newest account first, from an index of their own (the last admin list filter without one). The
 * list is in the users' created order, which lives on `users`: each deletion now carries its user's creation time
 * (it never changes), so `(status, user_created_at, uid)` gives a page and stops. SQLite sorted every deletion for
 * each page; PostgreSQL walked the users' created-at index probing each user (2,604 probes for a page of 500 in
 * 50,000). SQLite cannot add a NOT NULL column without a default, so 0 stands there; every write sets it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('deleted_users')
    .addColumn('user_created_at', t.timestamp, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update deleted_users set user_created_at = (select created_at from users where users.id = deleted_users.uid)
    where exists (select 1 from users where users.id = deleted_users.uid)`.execute(db);
  if (!t.sqlite) await sql`alter table deleted_users alter column user_created_at drop default`.execute(db);
  await db.schema
    .createIndex('deleted_users_status_created_idx')
    .on('deleted_users')
    .columns(['status', 'user_created_at', 'uid'])
    .execute();
}

export async function down(): Promise<void> {}
