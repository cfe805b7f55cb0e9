import { sql, type SqlBool } from 'kysely';
import { afterCursor, type Keyset } from '../../lib/keyset-cursor';
import type { Database } from '../../db/database';
import type { Engine } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import { containsNeedle, containsText } from '../../db/contains-text';
import {
  asCte,
  CANDIDATE_LIMIT,
  candidatesPage,
  FEW_MATCHES,
  fewCandidates,
  filterColumn,
  keyIn,
  pageArgs,
  pageOfFew,
  pageLimit,
  type PageArgs,
  toPage,
  trigramKeys,
  trigramKeysUpTo,
  trigramLookup,
  trigramSearchable,
  type Key,
} from './sql-helpers';

export interface UserFilter {
  q?: string;
  role?: UsersTable['role'];
  verified?: 'yes' | 'no';
  state?: 'active' | 'disabled' | 'deleted';
  cursor: Keyset | undefined;
  limit: number;
}

export const SUMMARY_COLUMNS = [
  'users.id',
  'users.email',
  'users.displayName',
  'users.role',
  'users.emailVerified',
  'users.disabled',
  'users.createdAt',
  'users.lastActive',
  'deletedUsers.status as deletedStatus',
] as const;

type UserPageArgs = PageArgs & {
  engine: Engine;
  /** Trigram keys of the only rows that can match the search, or null. */
  keys: Key[] | null;
  /** The search as a `containsNeedle`, or null. */
  needle: string | null;
  role: UsersTable['role'] | null;
  verified: UserFilter['verified'] | null;
  state: UserFilter['state'] | null;
};

/** One page of the user list, filtered and ordered (the search, when there is one, checked row by row). */
function filteredUsers(db: Database, a: UserPageArgs) {
  let q = db.selectFrom('users').leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id').select(SUMMARY_COLUMNS);
  if (a.keys) q = q.where(keyIn(a.engine, 'users', a.keys));
  const needle = a.needle;
  if (needle !== null)
    q = q.where((eb) =>
      eb.or([containsText(a.engine, 'users.email', needle), containsText(a.engine, 'users.displayName', needle)]),
    );
  // A search's candidates or the deleted users are the few rows to start from; the filters then only check them.
  const column = filterColumn(a.engine, a.keys !== null || a.state === 'deleted');
  if (a.role !== null) q = q.where(column('users.role'), '=', a.role);
  if (a.verified) q = q.where(column('users.emailVerified'), '=', a.verified === 'yes');
  if (a.state === 'deleted') q = q.where('deletedUsers.status', '=', 'unresolved');
  else if (a.state) {
    q = q
      .where(column('users.disabled'), '=', a.state === 'disabled')
      // Not deleted, as an anti-join: PostgreSQL estimates it, where it took the OR over the left join to keep a row in
      // 50,000 and planned a full scan and sort whenever it planned without the value (a generic plan).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deletedUsers as deletion')
              .select('deletion.uid')
              .whereRef('deletion.uid', '=', 'users.id')
              .where('deletion.status', '=', 'unresolved'),
          ),
        ),
      );
  }
  // The deleted users walk their own index: the same values as the users' (created_at, id), copied there.
  const [createdAt, id] =
    a.state === 'deleted'
      ? (['deletedUsers.userCreatedAt', 'deletedUsers.uid'] as const)
      : (['users.createdAt', 'users.id'] as const);
  if (a.cursorAt !== null && a.cursorId !== null) q = q.where(afterCursor(createdAt, id, [a.cursorAt, a.cursorId]));
  return q.orderBy(createdAt, 'desc').orderBy(id, 'desc').limit(pageLimit(a.limit));
}

const USER_PAGE_LITERALS = ['engine', 'verified', 'state', 'limit'] as const;

/** One page of the user list, compiled once per shape of filter (db/prepared-query.ts): ~100 µs of Kysely a request. */
const userPage = preparedQuery(filteredUsers, { literals: [...USER_PAGE_LITERALS] });

/**
 * A PostgreSQL search in one statement (sql-helpers.ts, decision 152): the trigram index's candidates, and the page
 * among them when they are few.
 */
const userSearchPage = preparedQuery(
  (db, a: UserPageArgs & { lookup: string[] }) =>
    candidatesPage(
      db
        .with('keys', () => asCte(trigramKeys('postgres', 'users', a.lookup, CANDIDATE_LIMIT)))
        .with('few', () => fewCandidates('keys')),
      filteredUsers(db, a).where(sql<SqlBool>`users.id = any(array(select key from keys))`),
    ),
  { literals: [...USER_PAGE_LITERALS] },
);

/** Users newest first, filtered and keyset-paged; a search starts from its trigram matches when they are few. */
export async function listUsers(db: Database, engine: Engine, f: UserFilter) {
  const args: UserPageArgs = {
    engine,
    keys: null,
    needle: f.q ? containsNeedle(engine, f.q) : null,
    role: f.role ?? null,
    verified: f.verified ?? null,
    state: f.state ?? null,
    ...pageArgs(f.cursor, f.limit),
  };
  if (f.q && trigramSearchable(f.q)) {
    const { lookup, common } = await trigramLookup(db, engine, 'users', f.q);
    if (engine === 'postgres' && !common) {
      const page = pageOfFew(await userSearchPage.execute(db, { ...args, lookup: lookup as string[] }));
      // Many candidates after all: the page walks the created-at index, checking the search row by row.
      return toPage(page ?? (await userPage.execute(db, args)), f.limit);
    }
    const few = await trigramKeysUpTo(db, engine, 'users', lookup, FEW_MATCHES);
    // No candidate in the index: nothing can match.
    if (few && !few.length) return toPage([], f.limit);
    args.keys = few;
  }
  return toPage(await userPage.execute(db, args), f.limit);
}
