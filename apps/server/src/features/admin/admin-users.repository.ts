import { sql } from 'kysely';
import type { Database, Engine } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { SUMMARY_COLUMNS } from './admin-users-list.repository';

export async function findUser(db: Database, id: string) {
  return db
    .selectFrom('users')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .select([
      ...SUMMARY_COLUMNS,
      'users.phoneNumber',
      'users.profileComplete',
      'deletedUsers.reason as deletedReason',
      'deletedUsers.deletedBy',
      'deletedUsers.createdAt as deletedAt',
      'deletedUsers.updatedAt as deletionUpdatedAt',
      'deletedUsers.eraseAt',
      'deletedUsers.erasedAt',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export async function countSessions(db: Database, userId: string) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userListings(db: Database, userId: string, limit: number) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('listings')
      .select(['id', 'title', 'status', 'hiddenReason', 'priceCents', 'currency', 'createdAt', 'deletedAt'])
      .where('sellerId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sellerId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, count: Number(count.n) };
}

/** Reports about the user: of the user, or of one of their listings. */
export async function reportsAbout(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'targetType', 'targetId', 'reason', 'status', 'createdAt'])
    .where((eb) =>
      eb.or([
        eb.and([eb('targetType', '=', 'user'), eb('targetId', '=', userId)]),
        eb.and([
          eb('targetType', '=', 'listing'),
          eb('targetId', 'in', eb.selectFrom('listings').select('id').where('sellerId', '=', userId)),
        ]),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Serialise changes that could leave the site without an admin. PostgreSQL: lock the admin rows and the rows
 * involved (two admins demoting each other wait for one another, and the second sees the first's commit).
 * SQLite: a write as the transaction's first statement takes the database's single write lock up front.
 */
export async function lockAdminRows(db: Database, engine: Engine, ids: string[]) {
  if (engine === 'postgres') {
    await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('role', '=', 'admin'), eb('id', 'in', ids)]))
      .orderBy('id')
      .forUpdate()
      .execute();
    return;
  }
  await db
    .updateTable('appMeta')
    .set({ value: sql`value` })
    .where('key', '=', 'admin.lock')
    .execute();
}

/** Admins who can still act: not disabled and not deleted. */
export async function activeAdminIds(db: Database) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .select('users.id')
    .where('users.role', '=', 'admin')
    .where('users.disabled', '=', false)
    .where((eb) => eb.or([eb('deletedUsers.status', 'is', null), eb('deletedUsers.status', '!=', 'unresolved')]))
    .execute();
  return rows.map((r) => r.id);
}

export async function setRole(db: Database, id: string, role: UsersTable['role']) {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function setDisabled(db: Database, id: string, disabled: boolean) {
  await db.updateTable('users').set({ disabled }).where('id', '=', id).execute();
}

export async function deleteAllSessions(db: Database, userId: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Write (or reopen) the deleted-user record keyed by uid, in one statement. */
export async function markDeleted(
  db: Database,
  uid: string,
  input: { reason: string; deletedBy: string; now: number; eraseAt: number | null },
) {
  const deletion = {
    status: 'unresolved' as const,
    reason: input.reason,
    deletedBy: input.deletedBy,
    createdAt: input.now,
    updatedAt: input.now,
    eraseAt: input.eraseAt,
  };
  await db
    .insertInto('deletedUsers')
    .values({
      uid,
      // The user's own creation time: the deleted users list in that order by an index of their own.
      userCreatedAt: db.selectFrom('users').select('createdAt').where('id', '=', uid),
      ...deletion,
    })
    .onConflict((oc) => oc.column('uid').doUpdateSet(deletion))
    .execute();
}

export async function markRestored(db: Database, uid: string, now: number) {
  await db
    .updateTable('deletedUsers')
    .set({ status: 'resolved', updatedAt: now, eraseAt: null })
    .where('uid', '=', uid)
    .execute();
}
