import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export type UserWithDeletion = UsersTable & { deletedStatus: string | null };

async function findUserWithDeletion(
  db: Database,
  column: 'users.email' | 'users.id',
  value: string,
): Promise<UserWithDeletion | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .selectAll('users')
    .select('deletedUsers.status as deletedStatus')
    .where(column, '=', value)
    .executeTakeFirst();
  return row ? { ...row, deletedStatus: row.deletedStatus ?? null } : undefined;
}

/** An account that is there and not deleted: a deleted one's links and mails do nothing until it is restored. */
export const notDeleted = (user: UserWithDeletion | undefined): user is UserWithDeletion =>
  user !== undefined && user.deletedStatus !== 'unresolved';

export const findUserByEmail = (db: Database, email: string) => findUserWithDeletion(db, 'users.email', email);

/** The user and whether their account is deleted, in one read. */
export const findUserWithDeletionById = (db: Database, id: string) => findUserWithDeletion(db, 'users.id', id);

export async function findUserById(db: Database, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Database, user: UsersTable) {
  await db.insertInto('users').values(user).execute();
}

export async function deleteUserRow(db: Database, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function updateUser(db: Database, id: string, set: Partial<Omit<UsersTable, 'id' | 'createdAt'>>) {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** The member's own change, with the role they changed it from in the condition when it changes the role. */
export async function updateOwnProfile(
  db: Database,
  id: string,
  roleSeen: UsersTable['role'] | undefined,
  set: Partial<Pick<UsersTable, 'displayName' | 'phoneNumber' | 'role'>>,
) {
  let update = db.updateTable('users').set(set).where('id', '=', id);
  if (roleSeen !== undefined) update = update.where('role', '=', roleSeen);
  return update.executeTakeFirst();
}
