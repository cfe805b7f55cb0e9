import type { UserNotification } from '@accountry/shared/announcements';
import { targetRolesFor, type AudienceUser } from '@accountry/shared/announcements-audience';
import type { Database } from '../../db/database';

/**
 * Active, unexpired announcements whose audience includes the user (spec section 5), joined to the user's own
 * state row. Walks the active announcements by (status, created_at) and looks each state and target row up by
 * its primary key, so the cost does not grow with other users' state rows.
 */
function visibleToUser(db: Database, user: AudienceUser, now: number) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcementStates as s', (j) => j.onRef('s.notificationId', '=', 'a.id').on('s.userId', '=', user.id))
    .where('a.status', '=', 'active')
    .where((eb) => eb.or([eb('a.expiresAt', 'is', null), eb('a.expiresAt', '>', now)]))
    .where((eb) =>
      eb.or([
        eb('a.targetKind', 'in', targetRolesFor(user.role)),
        eb.and([
          eb('a.targetKind', '=', 'specific'),
          eb.exists(
            eb
              .selectFrom('announcementTargets as t')
              .select('t.userId')
              .whereRef('t.announcementId', '=', 'a.id')
              .where('t.userId', '=', user.id),
          ),
        ]),
      ]),
    );
}

/** The query behind a user's banner (exported so the benchmark can EXPLAIN it). */
export function userAnnouncementsQuery(db: Database, user: AudienceUser, now: number, limit: number) {
  return visibleToUser(db, user, now)
    .where((eb) => eb.or([eb('s.dismissed', 'is', null), eb('s.dismissed', '=', false)]))
    .select(['a.id', 'a.title', 'a.message', 'a.severity', 'a.createdAt', 'a.expiresAt', 's.read'])
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
}

export async function userAnnouncements(
  db: Database,
  user: AudienceUser,
  now: number,
  limit: number,
): Promise<UserNotification[]> {
  const rows = await userAnnouncementsQuery(db, user, now, limit).execute();
  return rows.map((r) => ({ ...r, read: r.read === true }));
}

export async function countUnread(db: Database, user: AudienceUser, now: number): Promise<number> {
  const row = await visibleToUser(db, user, now)
    .where((eb) => eb.or([eb('s.dismissed', 'is', null), eb('s.dismissed', '=', false)]))
    .where((eb) => eb.or([eb('s.read', 'is', null), eb('s.read', '=', false)]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user may see (and so read or dismiss) this announcement now. */
export async function isVisibleTo(db: Database, user: AudienceUser, id: string, now: number) {
  return !!(await visibleToUser(db, user, now).where('a.id', '=', id).select('a.id').executeTakeFirst());
}

/** Ids of every announcement the user still sees (for dismiss all). */
export async function undismissedIds(db: Database, user: AudienceUser, now: number) {
  const rows = await visibleToUser(db, user, now)
    .where((eb) => eb.or([eb('s.dismissed', 'is', null), eb('s.dismissed', '=', false)]))
    .select('a.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Upsert the user's state: read (keeping the first readAt), and with dismiss also dismissed. */
export async function saveStates(db: Database, userId: string, ids: string[], now: number, dismiss: boolean) {
  for (let i = 0; i < ids.length; i += 500) {
    const rows = ids.slice(i, i + 500).map((notificationId) => ({
      userId,
      notificationId,
      read: true,
      readAt: now,
      dismissed: dismiss,
      dismissedAt: dismiss ? now : null,
    }));
    await db
      .insertInto('announcementStates')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['userId', 'notificationId']).doUpdateSet((eb) => ({
          read: true,
          readAt: eb.fn.coalesce('announcementStates.readAt', 'excluded.readAt'),
          ...(dismiss
            ? { dismissed: true, dismissedAt: eb.fn.coalesce('announcementStates.dismissedAt', 'excluded.dismissedAt') }
            : {}),
        })),
      )
      .execute();
  }
}
