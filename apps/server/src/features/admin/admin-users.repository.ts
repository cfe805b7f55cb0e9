import { sql, type SqlBool } from 'kysely';
import type { Keyset } from '../../lib/keyset-cursor';
import type { Database } from '../../db/database';
import type { Engine } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import { containsNeedle, containsText } from '../../db/contains-text';
import {
  afterCursor,
  asCte,
  CANDIDATE_LIMIT,
  FEW_MATCHES,
  fewCandidates,
  gatedPage,
  keyIn,
  pageArgs,
  pageLimit,
  type PageArgs,
  toPage,
  trigramKeys,
  trigramKeysUpTo,
  trigramLookup,
  trigramSearchable,
  whenFew,
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

const SUMMARY_COLUMNS = [
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
  if (a.role !== null) q = q.where('users.role', '=', a.role);
  if (a.verified) q = q.where('users.emailVerified', '=', a.verified === 'yes');
  if (a.state === 'deleted') q = q.where('deletedUsers.status', '=', 'unresolved');
  else if (a.state) {
    q = q
      .where('users.disabled', '=', a.state === 'disabled')
      .where((eb) => eb.or([eb('deletedUsers.status', 'is', null), eb('deletedUsers.status', '!=', 'unresolved')]));
  }
  if (a.cursorAt !== null && a.cursorId !== null)
    q = q.where(afterCursor('users.createdAt', 'users.id', [a.cursorAt, a.cursorId]));
  return q.orderBy('users.createdAt', 'desc').orderBy('users.id', 'desc').limit(pageLimit(a.limit));
}

const USER_PAGE_LITERALS = ['engine', 'verified', 'state', 'limit'] as const;

/** One page of the user list, compiled once per shape of filter (db/prepared-query.ts): ~100 µs of Kysely a request. */
const userPage = preparedQuery(filteredUsers, { literals: [...USER_PAGE_LITERALS] });

/**
 * A PostgreSQL search in one statement (sql-helpers.ts, decision 152): the trigram index's candidates, and the page
 * among them when they are few, else the page found walking the created-at index.
 */
const userSearchPage = preparedQuery(
  (db, a: UserPageArgs & { lookup: string[] }) => {
    const branch = (few: boolean) =>
      filteredUsers(db, a)
        .where(whenFew(few))
        .$if(few, (q) => q.where(sql<SqlBool>`users.id = any(array(select key from keys))`))
        .as(few ? 'fewPage' : 'walkPage');
    const withCtes = db
      .with('keys', () => asCte(trigramKeys('postgres', 'users', a.lookup, CANDIDATE_LIMIT)))
      .with('few', () => fewCandidates('keys'));
    return gatedPage(withCtes, branch, a.limit);
  },
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
  if (f.q && trigramSearchable(f.q) && engine === 'postgres') {
    const { lookup, common } = await trigramLookup(db, engine, 'users', f.q);
    if (!common) return toPage(await userSearchPage.execute(db, { ...args, lookup: lookup as string[] }), f.limit);
  }
  if (f.q && trigramSearchable(f.q)) {
    const few = await trigramKeysUpTo(db, engine, 'users', f.q, FEW_MATCHES);
    // No candidate in the index: nothing can match.
    if (few && !few.length) return toPage([], f.limit);
    args.keys = few;
  }
  return toPage(await userPage.execute(db, args), f.limit);
}

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

/** Write (or reopen) the deleted-user record keyed by uid. */
export async function markDeleted(
  db: Database,
  uid: string,
  input: { reason: string; deletedBy: string; now: number },
) {
  const existing = await db.selectFrom('deletedUsers').select('uid').where('uid', '=', uid).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('deletedUsers')
      .set({
        status: 'unresolved',
        reason: input.reason,
        deletedBy: input.deletedBy,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .where('uid', '=', uid)
      .execute();
    return;
  }
  await db
    .insertInto('deletedUsers')
    .values({
      uid,
      status: 'unresolved',
      reason: input.reason,
      deletedBy: input.deletedBy,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
}

export async function markRestored(db: Database, uid: string, now: number) {
  await db.updateTable('deletedUsers').set({ status: 'resolved', updatedAt: now }).where('uid', '=', uid).execute();
}
