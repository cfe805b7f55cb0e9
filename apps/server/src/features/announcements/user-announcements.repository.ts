import type { UserNotification } from '@accountry/shared/announcements';
import { targetRolesFor, type AudienceUser } from '@accountry/shared/announcements-audience';
import { engineOf, type Database } from '../../db/database';

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

/**
 * Upsert the user's state (read, keeping the first readAt; with dismiss also dismissed) of the announcements the
 * user sees now: one announcement, or with `id` null every one not dismissed. The visibility check is part of the
 * write, so an announcement deleted or hidden meanwhile is skipped instead of failing the foreign key. Returns how
 * many state rows were written.
 */
export async function saveVisibleStates(
  db: Database,
  user: AudienceUser,
  id: string | null,
  now: number,
  dismiss: boolean,
): Promise<number> {
  let visible = visibleToUser(db, user, now).select((eb) => [
    eb.val(user.id).as('userId'),
    'a.id as notificationId',
    eb.val(true).as('read'),
    eb.val(now).as('readAt'),
    eb.val(dismiss).as('dismissed'),
    eb.val(dismiss ? now : null).as('dismissedAt'),
  ]);
  visible = id
    ? visible.where('a.id', '=', id)
    : visible.where((eb) => eb.or([eb('s.dismissed', 'is', null), eb('s.dismissed', '=', false)]));
  // PostgreSQL checks the foreign key after the select's snapshot: the lock makes a delete in between skip the row.
  if (engineOf(db) === 'postgres') visible = visible.forKeyShare('a');
  const result = await db
    .insertInto('announcementStates')
    .columns(['userId', 'notificationId', 'read', 'readAt', 'dismissed', 'dismissedAt'])
    .expression(visible)
    .onConflict((oc) =>
      oc.columns(['userId', 'notificationId']).doUpdateSet((eb) => ({
        read: true,
        readAt: eb.fn.coalesce('announcementStates.readAt', 'excluded.readAt'),
        ...(dismiss
          ? { dismissed: true, dismissedAt: eb.fn.coalesce('announcementStates.dismissedAt', 'excluded.dismissedAt') }
          : {}),
      })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
