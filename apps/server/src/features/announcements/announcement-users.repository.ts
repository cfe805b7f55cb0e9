import { sql } from 'kysely';
import type { Database } from '../../db/database';

const SEARCH_LIMIT = 20;

const contains = (column: 'email' | 'displayName', needle: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${needle} escape '\\'`;

/** Admins pick specific recipients by name, e-mail or id (a contains-match; LIKE wildcards are taken literally). */
export async function searchUsers(db: Database, q: string) {
  const needle = `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .select(['id', 'displayName', 'email', 'role'])
    .where((eb) => eb.or([eb('id', '=', q), contains('email', needle), contains('displayName', needle)]))
    .orderBy('displayName')
    .orderBy('id')
    .limit(SEARCH_LIMIT)
    .execute();
}

/** The chosen recipients by id, to show their names again when an announcement is edited. */
export async function usersByIds(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'displayName', 'email', 'role'])
    .where('id', 'in', ids)
    .orderBy('displayName')
    .execute();
}
