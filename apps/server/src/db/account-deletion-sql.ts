import { sql, type SqlBool } from 'kysely';

/** The user whose id is in `userIdColumn` has no open deletion (an admin's or their own, not restored). */
export const notDeletedUser = (userIdColumn: string) =>
  sql<SqlBool>`not exists (select 1 from deleted_users where deleted_users.uid = ${sql.ref(userIdColumn)}
    and deleted_users.status = 'unresolved')`;
