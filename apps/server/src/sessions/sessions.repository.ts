import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { DB, SessionsTable, UsersTable } from '../db/schema';
import { preparedQuery } from '../db/prepared-query';

/** A session with its member; the user is shared by every request the session cache answers, so it is frozen. */
export type SessionWithUser = Omit<SessionsTable, 'publicId'> & {
  user: Readonly<Omit<UsersTable, 'passwordHash'>>;
  deletedStatus: string | null;
};

/** Every uncached signed-in request (and every admin request) runs it: built once, and prepared on PostgreSQL. */
const sessionWithUser = preparedQuery((db, a: { id: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .select([
      'sessions.id as sId',
      'sessions.userId as sUserId',
      'sessions.remember as sRemember',
      'sessions.csrfToken as sCsrf',
      'sessions.createdAt as sCreatedAt',
      'sessions.lastActive as sLastActive',
      'sessions.userAgent as sUserAgent',
      'sessions.ip as sIp',
      'users.id',
      'users.email',
      'users.displayName',
      'users.phoneNumber',
      'users.role',
      'users.createdAt',
      'users.lastActive',
      'users.profileComplete',
      'users.emailVerified',
      'users.disabled',
      'deletedUsers.status as deletedStatus',
    ])
    .where('sessions.id', '=', a.id),
);

export async function findSessionWithUser(db: Database, id: string): Promise<SessionWithUser | undefined> {
  const row = await sessionWithUser.takeFirst(db, { id });
  if (!row) return undefined;
  return {
    // The alias hides the column from the SQLite boolean mapping, so coerce here.
    id: row.sId,
    userId: row.sUserId,
    remember: Boolean(row.sRemember),
    csrfToken: row.sCsrf,
    createdAt: row.sCreatedAt,
    lastActive: row.sLastActive,
    userAgent: row.sUserAgent,
    ip: row.sIp,
    deletedStatus: row.deletedStatus ?? null,
    user: Object.freeze({
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      phoneNumber: row.phoneNumber,
      role: row.role,
      createdAt: row.createdAt,
      lastActive: row.lastActive,
      profileComplete: row.profileComplete,
      emailVerified: row.emailVerified,
      disabled: row.disabled,
    }),
  };
}

export async function insertSession(db: Database, session: SessionsTable) {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Database, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Database, userId: string, exceptId?: string) {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Activity and owner state of many sessions at once (the socket hub's session check). */
export async function findSessionsActivity(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .select([
      'sessions.id',
      'sessions.lastActive',
      'sessions.remember',
      'users.disabled',
      'users.role',
      'deletedUsers.status as deletedStatus',
    ])
    .where('sessions.id', 'in', ids)
    .execute();
}

export async function touchSession(db: Database, sessionId: string, userId: string, now: number) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ lastActive: now }).where('id', '=', sessionId).execute();
    await trx.updateTable('users').set({ lastActive: now }).where('id', '=', userId).execute();
  });
}

/** The last activity a session may have had and still be live: one for browser sessions, one for remembered ones. */
export interface LiveSince {
  browser: number;
  remember: number;
}

/** A session not yet past its inactivity timeout (each kind has its own). */
export const isLive = (eb: ExpressionBuilder<DB, 'sessions'>, since: LiveSince) =>
  eb.or([
    eb.and([eb('sessions.remember', '=', false), eb('sessions.lastActive', '>=', since.browser)]),
    eb.and([eb('sessions.remember', '=', true), eb('sessions.lastActive', '>=', since.remember)]),
  ]);

/**
 * Delete the member's sessions past their inactivity timeout. Their rows are otherwise deleted only when their cookie
 * comes back, and a closed browser's never does: each sign-in would leave one more for ever.
 */
export async function deleteIdleUserSessions(db: Database, userId: string, since: LiveSince) {
  await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where((eb) => eb.not(isLive(eb, since)))
    .execute();
}

/** Live sessions a member may hold; a sign-in past it signs out the least recently used (decision 014). */
export const MAX_SESSIONS_PER_MEMBER = 50;

/**
 * Delete the member's sessions past the `keep` most recently used, returning their ids (their sockets and cached
 * lookups are the caller's to end). Sign-ins are limited per client address, not per account: without a cap a member
 * signing in from many addresses would add rows, and rows to every sign-in's clean-up, without end.
 */
export async function deleteSessionsBeyond(db: Database, userId: string, keep: number) {
  const beyond = await db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('lastActive', 'desc')
    .orderBy('createdAt', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (beyond.length === 0) return [];
  const ids = beyond.map((r) => r.id);
  await db.deleteFrom('sessions').where('userId', '=', userId).where('id', 'in', ids).execute();
  return ids;
}

/** The member's live sessions, most recently used first: one past its timeout signs in nowhere. */
export async function listUserSessions(db: Database, userId: string, since: LiveSince) {
  return db
    .selectFrom('sessions')
    .select(['id', 'publicId', 'remember', 'userAgent', 'createdAt', 'lastActive'])
    .where('userId', '=', userId)
    .where((eb) => isLive(eb, since))
    .orderBy('lastActive', 'desc')
    .limit(MAX_SESSIONS_PER_MEMBER)
    .execute();
}

/** The member's session with this public id (decision 199); never another member's. */
export async function findUserSession(db: Database, userId: string, publicId: string) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('publicId', '=', publicId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Delete the member's session if it is still there; false when it was not (ended meanwhile). */
export async function deleteUserSession(db: Database, userId: string, id: string) {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
