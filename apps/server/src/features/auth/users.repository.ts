import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export type UserWithDeletion = UsersTable & { deletedStatus: string | null };

export async function findUserByEmail(db: Database, email: string): Promise<UserWithDeletion | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .selectAll('users')
    .select('deletedUsers.status as deletedStatus')
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row ? { ...row, deletedStatus: row.deletedStatus ?? null } : undefined;
}

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

/** A duplicate key on either engine (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(err: unknown) {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
