import { engineOf, type Database } from '../../db/database';
import { containsNeedle, containsText } from '../../db/contains-text';

const SEARCH_LIMIT = 20;

/** Admins pick specific recipients by name, email or id (a contains-match; LIKE wildcards are taken literally). */
export async function searchUsers(db: Database, q: string) {
  const engine = engineOf(db);
  const needle = containsNeedle(engine, q);
  return db
    .selectFrom('users')
    .select(['id', 'displayName', 'email', 'role'])
    .where((eb) =>
      eb.or([eb('id', '=', q), containsText(engine, 'email', needle), containsText(engine, 'displayName', needle)]),
    )
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
